import type { ResourceDefinition } from '@portal/resources';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { Resource } from 'react-admin';
import { PageAccess } from '../pages/page-access';
import {
  GeneratedCreate,
  GeneratedEdit,
  GeneratedList,
  GeneratedShow,
  hasCreateView,
  hasEditView,
  hasShowView,
  type ViewCustomization,
} from './views';

/** A resource's additions to what its definition generates: an icon, changed views, hand-made sub-pages. */
export interface ResourceCustomization extends ViewCustomization {
  icon?: ComponentType;
  /** Views that replace the generated ones (the board overview takes the edit path /admin/boards/{id}). */
  views?: { list?: ReactElement; show?: ReactElement; edit?: ReactElement; create?: ReactElement };
  /** Routes under the resource path: aliases and hand-made sub-pages. */
  routes?: ReactNode;
}

/**
 * A react-admin <Resource> from a definition: list, show, edit and create where the definition has the
 * schemas and roles for them. A singleton (the maintenance banner) is one edit form at the resource path.
 */
export function resourceElement(definition: ResourceDefinition, customization: ResourceCustomization = {}) {
  const views = customization.views ?? {};
  const list = definition.singleton ? (
    <GeneratedEdit definition={definition} customization={customization} />
  ) : definition.access.list ? (
    <GeneratedList definition={definition} customization={customization} />
  ) : undefined;
  const name = definition.name;
  const show =
    views.show ??
    (hasShowView(definition) ? (
      <GeneratedShow definition={definition} customization={customization} />
    ) : undefined);
  const edit =
    views.edit ??
    (hasEditView(definition) && !definition.singleton ? (
      <GeneratedEdit definition={definition} customization={customization} />
    ) : undefined);
  const create =
    views.create ?? (hasCreateView(definition) ? <GeneratedCreate definition={definition} /> : undefined);
  // Every view behind the access gate, so a refused route calls no API before it leaves.
  const gated = (action: string, view: ReactElement | undefined) =>
    view && (
      <PageAccess resource={name} action={action}>
        {view}
      </PageAccess>
    );
  return (
    <Resource
      key={name}
      name={name}
      icon={customization.icon}
      recordRepresentation={definition.recordTitle}
      list={gated('list', views.list ?? list)}
      show={gated('show', show)}
      edit={gated('edit', edit)}
      create={gated('create', create)}
    >
      {customization.routes}
    </Resource>
  );
}

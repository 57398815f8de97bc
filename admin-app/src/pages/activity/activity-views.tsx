import type { AuditRecord, ResourceDefinition } from '@portal/resources';
import { useRecordContext, type Identifier } from 'react-admin';
import { useDefinitions } from '../../generator/definitions-context';
import { AUDIT_LOG } from '../../generator/history-context';
import { GeneratedList, GeneratedShow, type ViewCustomization } from '../../generator/views';
import { activityExporter, actorText } from './activity-csv';
import { ChangesField } from './changes-field';

/** What the Activity views add to the generated ones: the diff of each change, never a create button. */
export const activityCustomization: ViewCustomization = {
  fields: { actor: () => <ActorField key="actor" /> },
  list: {
    createButton: false,
    exporter: activityExporter,
    rowClick: 'show',
    extraColumns: [{ label: 'portal.history.changes', element: <ChangesField /> }],
  },
  show: { hideFields: ['before', 'after'], sections: <ChangesField /> },
};

/** Who made the change (one text for the page and the CSV). */
function ActorField(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  return record ? <span>{actorText(record)}</span> : null;
}

function useAuditDefinition(): ResourceDefinition | undefined {
  return useDefinitions().get(AUDIT_LOG);
}

/** The Activity page: every change the user may see, with the definition's filters, CSV export and diffs. */
export function ActivityList() {
  const definition = useAuditDefinition();
  return definition ? <GeneratedList definition={definition} customization={activityCustomization} /> : null;
}

/** One audit record with its diff. */
export function ActivityShow() {
  const definition = useAuditDefinition();
  return definition ? <GeneratedShow definition={definition} customization={activityCustomization} /> : null;
}

/** A record's History: the audit records of that entity and id, newest first, with the same diff view. */
export function RecordHistory({ entity, entityId }: { entity: string; entityId: Identifier }) {
  const definition = useAuditDefinition();
  if (!definition) return null;
  return (
    <GeneratedList
      definition={definition}
      customization={activityCustomization}
      filter={{ entity, entityId: String(entityId) }}
      disableSyncWithLocation
      title={false}
    />
  );
}

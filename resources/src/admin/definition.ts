import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { hasAnyRouteRole, type HasRoles, type RouteRole } from '../roles.js';
import { ADMIN_DEFAULT_PER_PAGE, type ADMIN_ROWS_PER_PAGE } from '../constants.js';
import { QUERY_LIST_MAX_VALUES, QUERY_TEXT_MAX_LENGTH } from '../request-limits.js';
import { WRITTEN_AUDIT_ENTITIES, type AuditEntity } from '../audit-names.js';

/** How a field is edited or shown where its type alone does not say. */
type Widget =
  | 'text'
  | 'textarea'
  | 'rich-text'
  | 'email'
  | 'url'
  | 'image-url'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'select'
  | 'multi-select'
  | 'role-multi-select'
  /** A list of free texts, one input per entry, in order (a board's features, a version's tags). */
  | 'string-list'
  | 'reference'
  | 'secret';

export interface FieldDefinition {
  source: string;
  label: string;
  widget: Widget;
  /** For select widgets: the allowed values. */
  choices?: readonly string[];
  /** For reference widgets: the resource pointed at and the field shown for it. */
  reference?: { resource: string; display: string };
  /** Shown, never sent on create or edit (ids, timestamps, imported flags). */
  readOnly?: boolean;
  /** Only on the create form (a secret shown once, a client id fixed after creation). */
  createOnly?: boolean;
  /**
   * A boolean field of the record that, when true, makes this field read-only on the edit form: a board's
   * release flag when the board's data source provides it (spec §4 board admin toggles). The API refuses the
   * change too; the form only mirrors it.
   */
  readOnlyWhen?: string;
}

/** `gte`/`lte`: a lower or upper bound (a time range's from and to). */
type FilterOperator = 'eq' | 'contains' | 'in' | 'gte' | 'lte';

/** A list filter, allow-listed: the API refuses any filter a definition does not declare. */
export interface FilterDefinition {
  source: string;
  label: string;
  operator: FilterOperator;
  input: 'text' | 'select' | 'boolean' | 'reference' | 'datetime';
  choices?: readonly string[];
  alwaysOn?: boolean;
  /**
   * Where the list call carries the filter: inside react-admin's `filter` parameter (the default), or as a
   * query parameter of its own, for APIs whose path names it (spec calls §7.1 `users/roles?role={role}`).
   */
  sentAs?: 'filter' | 'query';
}

export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

/**
 * A uniqueness rule of a resource: no two records share these fields (the database's unique index enforces it).
 * The API answers a create or update that breaks it with 409, this code and this message, naming the fields.
 */
interface UniqueRule {
  fields: readonly string[];
  /** Default `duplicate`. */
  errorCode?: ErrorCode;
  message: string;
}

export interface ResourceDefinition {
  /** react-admin resource name, also the `Range` unit (`boards=0-24`). */
  name: string;
  /** Path under /api/v1. */
  path: string;
  label: { one: string; many: string };
  /** The record as the API answers it. */
  record: z.ZodObject;
  /** The field that identifies a record when it is not `id` (react-admin needs an id). */
  idField?: string;
  /** One record only, read and written at the path itself (the maintenance banner). */
  singleton?: boolean;
  create?: z.ZodType;
  update?: z.ZodType;
  /** The field that names a record in titles and reference pickers. */
  recordTitle: string;
  list: {
    columns: readonly string[];
    sortable: readonly string[];
    defaultSort: { field: string; order: 'ASC' | 'DESC' };
    filters: readonly FilterDefinition[];
    /** Full-text search field sent as `q`; the fields it searches. */
    search?: { fields: readonly string[] };
    /** Rows per page when the list opens ({@link rowsPerPageOf}): one of the sizes the console offers. */
    perPage?: (typeof ADMIN_ROWS_PER_PAGE)[number];
  };
  fields: readonly FieldDefinition[];
  /** Global route roles that may take each action; an action not listed is taken by nobody. */
  access: Partial<Record<ResourceAction, readonly RouteRole[]>>;
  /** Rows a company space admin sees: only their own company space's (spec §6). */
  rowScope?: 'company-space';
  /** Uniqueness rules, each answered 409 with its own message when a write breaks it. */
  unique?: readonly UniqueRule[];
  /** The audit records' entity type of its records when not the snake_cased singular label (software: `tool`). */
  auditEntity?: string;
  /**
   * The entity type its record pages' History tab asks for when not its audit entity: a user-roles row is a user,
   * whose History holds their role grants and every record about them.
   */
  historyEntity?: string;
}

/**
 * The entity type under which changes of a definition's records are audited (`Feature flag` → `feature_flag`):
 * the server's repositories write it, a record's History tab filters by it.
 */
export const auditEntityOf = (definition: Pick<ResourceDefinition, 'label' | 'auditEntity'>): AuditEntity =>
  (definition.auditEntity ?? definition.label.one.trim().toLowerCase().replace(/\s+/g, '_')) as AuditEntity;

/** The entity type a record page's History tab asks for (see `historyEntity`). */
export const historyEntityOf = (
  definition: Pick<ResourceDefinition, 'label' | 'auditEntity' | 'historyEntity'>,
): AuditEntity => (definition.historyEntity as AuditEntity | undefined) ?? auditEntityOf(definition);

/**
 * Every entity type the history holds: those hand-written code names and those of the definitions that write
 * (audit and History entity), sorted. A new resource's name joins by its definition alone.
 */
export const auditEntitiesOf = (definitions: readonly ResourceDefinition[]): readonly AuditEntity[] => {
  const writing = definitions.filter(({ access }) => access.create || access.edit || access.delete);
  const defined = writing.flatMap((definition) => [auditEntityOf(definition), historyEntityOf(definition)]);
  return [...new Set<AuditEntity>([...WRITTEN_AUDIT_ENTITIES, ...defined])].sort();
};

/** The rows per page a definition's list opens with: its own `perPage`, else the console's default. */
export const rowsPerPageOf = (definition: Pick<ResourceDefinition, 'list'>): number =>
  definition.list.perPage ?? ADMIN_DEFAULT_PER_PAGE;

/** Typed identity so definitions keep their literal field names. */
export const defineResource = <const D extends ResourceDefinition>(definition: D): D => definition;

/** The one access question (STYLE: `canAccess({ action, resource, record })`), asked by the console and the API. */
export function canAccess(
  user: HasRoles | null | undefined,
  definition: Pick<ResourceDefinition, 'access'>,
  action: ResourceAction,
): boolean {
  const roles = definition.access[action];
  return !!roles && hasAnyRouteRole(user, roles);
}

/**
 * Whether a user opens a resource's page at all: its list, or a singleton's one record. The console's menu and
 * every test of who reaches what ask this, so the definitions' `access` is the only list of it.
 */
export const canOpen = (
  user: HasRoles | null | undefined,
  definition: Pick<ResourceDefinition, 'access' | 'singleton'>,
): boolean => canAccess(user, definition, definition.singleton ? 'show' : 'list');

/** The resources among `definitions` whose pages a user opens, in their order (the console's menu). */
export const reachableResources = <D extends Pick<ResourceDefinition, 'access' | 'singleton'>>(
  user: HasRoles | null | undefined,
  definitions: readonly D[],
): D[] => definitions.filter((definition) => canOpen(user, definition));

const filterValue = (filter: FilterDefinition): z.ZodType => {
  const text = z.string().max(QUERY_TEXT_MAX_LENGTH);
  if (filter.input === 'boolean') return z.boolean();
  if (filter.input === 'datetime') return z.iso.datetime({ offset: true });
  if (filter.input === 'select' && filter.choices?.length) {
    const choice = z.enum(filter.choices as [string, ...string[]]);
    return filter.operator === 'in' ? z.union([choice, z.array(choice).max(100)]) : choice;
  }
  if (filter.input === 'reference' || filter.operator === 'in')
    return z.union([text, z.array(text).max(QUERY_LIST_MAX_VALUES)]);
  return text;
};

const filterSchemas = new WeakMap<object, ReturnType<typeof buildListFilterSchema>>();

/**
 * The filters a list accepts, derived from its definition: the declared ones, `q` when it has a search,
 * and `id` for react-admin's getMany. Anything else is refused. Built once per definition: every list call parses
 * with it, and zod compiles a schema on its first parse.
 */
export function listFilterSchema(definition: Pick<ResourceDefinition, 'list' | 'record' | 'idField'>) {
  let schema = filterSchemas.get(definition);
  if (!schema) filterSchemas.set(definition, (schema = buildListFilterSchema(definition)));
  return schema;
}

function buildListFilterSchema(definition: Pick<ResourceDefinition, 'list' | 'record' | 'idField'>) {
  // getMany's ids are checked as the record's own id field, so a malformed one never reaches the database.
  const idValue =
    (definition.record.shape[definition.idField ?? 'id'] as z.ZodType | undefined) ?? z.string().max(255);
  const shape: Record<string, z.ZodType> = {
    id: z.union([idValue, z.array(idValue).max(1000)]).optional(),
  };
  if (definition.list.search) shape.q = z.string().max(255).optional();
  for (const filter of definition.list.filters) {
    // `q` and `id` are the list's own: a filter of that name would take their place, and the server's kept
    // statements tell a list's shapes apart by the names of the filters set (`f_<name>`, `f_<name>[]` for a list
    // of values), so a name is a plain word: one ending in `[]` would share another filter's list name.
    if (filter.source === 'q' || filter.source === 'id') {
      throw new Error(
        `A list filter may not be named "${filter.source}": the list keeps that name for itself.`,
      );
    }
    if (!/^[A-Za-z]\w*$/.test(filter.source)) {
      throw new Error(
        `A list filter's name is a plain word (letters, digits, _): "${filter.source}" is not.`,
      );
    }
    shape[filter.source] = filterValue(filter).optional();
  }
  return z.strictObject(shape);
}

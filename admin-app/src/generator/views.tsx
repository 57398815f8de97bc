import {
  ADMIN_ROWS_PER_PAGE,
  historyEntityOf,
  reachablePages,
  rowsPerPageOf,
  type FieldDefinition,
  type ResourceDefinition,
} from '@portal/resources';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import {
  AutocompleteInput,
  BulkDeleteButton,
  BulkExportButton,
  Create,
  CreateButton,
  DataTable,
  DateTimeInput,
  DeleteButton,
  Edit,
  EditButton,
  ExportButton,
  FilterButton,
  List,
  ListButton,
  NullableBooleanInput,
  Pagination,
  PaginationActions,
  type PaginationActionsProps,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  Show,
  ShowButton,
  SimpleForm,
  SimpleShowLayout,
  TextInput,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type Exporter,
  type RaRecord,
  type RedirectionSideEffect,
} from 'react-admin';
import { useDefinitions } from './definitions-context';
import { definitionExporter } from './exporter';
import { fieldElement } from './fields';
import { AUDIT_LOG, HistoryTabs, useRecordHistoryView } from './history-context';
import { inputElement, referenceSearch, toChoices } from './inputs';
import {
  createDefaults,
  fieldOf,
  formFields,
  formSchema,
  isLockedOnEdit,
  schemaShape,
  secretFields,
  toPayload,
  validateWithSchema,
  visibleFields,
  type FormMode,
} from './schema';
import { useShowSecret } from './secret-dialog';

/** What a resource adds to or changes in its generated views; everything else comes from its definition. */
export interface ViewCustomization {
  /** Display of a field in the list and on the show page, instead of the one its widget gives. */
  fields?: Record<string, (field: FieldDefinition) => ReactElement>;
  list?: {
    /** Buttons beside create and export. */
    actions?: ReactNode;
    /** A last column with buttons for each row. */
    rowActions?: ReactNode;
    /** Columns after the definition's, each with its label (an audit record's diff). */
    extraColumns?: readonly { label: string; element: ReactNode }[];
    /** Where a click on a row goes; by default edit when there is an edit view, else show. */
    rowClick?: 'edit' | 'show' | false;
    /** Buttons for the selected rows, instead of export and delete. */
    bulkActions?: ReactNode | false;
    /** Shown above the table (hints, a summary). */
    header?: ReactNode;
    /** Writes the CSV of the listed records instead of the definition's fields (an audit record's diff). */
    exporter?: Exporter;
    /** Replaces the CSV export of the listed records (a server-side export). */
    exportButton?: ReactNode;
    /** Replaces the create button (a create page at another path), or false for none. */
    createButton?: ReactNode | false;
  };
  show?: {
    /** Sections after the fields (members of a company space, a board's actions). */
    sections?: ReactNode;
    /** Fields a section shows instead. */
    hideFields?: readonly string[];
    actions?: ReactNode;
  };
  edit?: {
    sections?: ReactNode;
    /** A save button that asks first (removing one's own role). */
    saveButton?: ReactElement;
  };
}

export interface GeneratedViewProps {
  definition: ResourceDefinition;
  customization?: ViewCustomization;
  /** Parameters of a nested API path (`boards/{boardId}/serial-numbers`), passed to every call as `meta`. */
  meta?: Record<string, unknown>;
}

export const hasCreateView = (definition: ResourceDefinition) =>
  !!definition.create && !!definition.access.create && !definition.singleton;
export const hasEditView = (definition: ResourceDefinition) =>
  !!definition.update && !!definition.access.edit;
export const hasShowView = (definition: ResourceDefinition) =>
  !!definition.access.show && !definition.singleton;

const ROWS_PER_PAGE = [...ADMIN_ROWS_PER_PAGE];

/**
 * Page buttons up to the deepest page the server answers (LIST_MAX_OFFSET): the label still tells the true total,
 * the buttons stop at the last reachable page.
 */
function ReachablePaginationActions(props: PaginationActionsProps) {
  const { count, rowsPerPage } = props;
  const reachable = count < 0 ? count : Math.min(count, reachablePages(count, rowsPerPage) * rowsPerPage);
  return <PaginationActions {...props} count={reachable} />;
}

/**
 * Every save and delete is sent at once and waits for the server: react-admin's undoable mode holds it back for
 * the toast's 5 s, and a reload or a navigation away in that window lost it without a word.
 */
const MUTATION_MODE = 'pessimistic';

/** A local date and time as the API's ISO instant (a time range's bound); empty: no bound. */
const toIsoTime = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** The filters of a list: the full-text search first, then every declared filter by its input. */
function filterElements(
  definition: ResourceDefinition,
  definitions: ReadonlyMap<string, ResourceDefinition>,
): ReactElement[] {
  const filters: ReactElement[] = [];
  if (definition.list.search) {
    filters.push(<SearchInput key="q" source="q" alwaysOn />);
  }
  for (const filter of definition.list.filters) {
    const label = `resources.${definition.name}.filters.${filter.source}`;
    const common = { key: filter.source, source: filter.source, label, alwaysOn: filter.alwaysOn };
    if (filter.input === 'boolean') {
      filters.push(<NullableBooleanInput {...common} key={filter.source} />);
    } else if (filter.input === 'datetime') {
      filters.push(<DateTimeInput {...common} key={filter.source} parse={toIsoTime} />);
    } else if (filter.input === 'select') {
      filters.push(<SelectInput {...common} key={filter.source} choices={toChoices(filter.choices)} />);
    } else if (filter.input === 'reference') {
      const reference = fieldOf(definition, filter.source).reference;
      if (!reference) {
        filters.push(<TextInput {...common} key={filter.source} />);
        continue;
      }
      filters.push(
        <ReferenceInput
          key={filter.source}
          source={filter.source}
          reference={reference.resource}
          alwaysOn={filter.alwaysOn}
        >
          <AutocompleteInput
            label={label}
            optionText={reference.display}
            filterToQuery={referenceSearch(definitions.get(reference.resource))}
          />
        </ReferenceInput>,
      );
    } else {
      filters.push(<TextInput {...common} key={filter.source} />);
    }
  }
  return filters;
}

function displayOf(field: FieldDefinition, customization: ViewCustomization | undefined, inList: boolean) {
  const custom = customization?.fields?.[field.source];
  return custom ? custom(field) : fieldElement(field, { inList });
}

function ListActions({ definition, customization, meta }: GeneratedViewProps) {
  const hasFilters = definition.list.filters.some((filter) => !filter.alwaysOn);
  const createButton = customization?.list?.createButton;
  return (
    <TopToolbar>
      {hasFilters && <FilterButton />}
      {createButton === undefined ? hasCreateView(definition) && <CreateButton /> : createButton}
      {customization?.list?.exportButton ?? <ExportButton maxResults={1000} meta={meta} />}
      {customization?.list?.actions}
    </TopToolbar>
  );
}

/** The DataTable of a definition's list columns, sortable where the definition allows. */
function GeneratedDataTable({ definition, customization, meta }: GeneratedViewProps) {
  const rowClick =
    customization?.list?.rowClick ??
    (hasEditView(definition) ? 'edit' : hasShowView(definition) ? 'show' : false);
  const bulkActions = customization?.list?.bulkActions;
  return (
    <DataTable
      rowClick={rowClick}
      bulkActionButtons={
        bulkActions === undefined ? (
          <>
            <BulkExportButton />
            {definition.access.delete && (
              <BulkDeleteButton mutationMode={MUTATION_MODE} mutationOptions={{ meta }} />
            )}
          </>
        ) : (
          bulkActions
        )
      }
    >
      {definition.list.columns.map((source) => {
        const field = fieldOf(definition, source);
        return (
          <DataTable.Col
            key={source}
            source={source}
            disableSort={!definition.list.sortable.includes(source)}
          >
            {displayOf(field, customization, true)}
          </DataTable.Col>
        );
      })}
      {customization?.list?.extraColumns?.map((column) => (
        <DataTable.Col key={column.label} label={column.label} disableSort>
          {column.element}
        </DataTable.Col>
      ))}
      {customization?.list?.rowActions && (
        <DataTable.Col label="portal.list.actions" disableSort>
          {customization.list.rowActions}
        </DataTable.Col>
      )}
    </DataTable>
  );
}

/** A definition's list: columns, sort, filters and search on the server, Range pagination, bulk delete, CSV. */
export function GeneratedList({
  definition,
  customization,
  meta,
  disableSyncWithLocation,
  title,
  filter,
}: GeneratedViewProps & {
  disableSyncWithLocation?: boolean;
  title?: string | false;
  /** Filters always sent and not shown (a record's history: its entity and id). */
  filter?: Record<string, unknown>;
}) {
  const definitions = useDefinitions();
  // A fixed filter's input is left out: it could only show what the list is already limited to.
  const filters = useMemo(
    () =>
      filterElements(definition, definitions).filter(
        (element) => !filter || !((element.key ?? '') in filter),
      ),
    [definition, definitions, filter],
  );
  // Each nested or fixed-filter list keeps its own page, sort and filters.
  const scope = meta ?? filter;
  return (
    <List
      resource={definition.name}
      perPage={rowsPerPageOf(definition)}
      sort={definition.list.defaultSort}
      filters={filters}
      filter={filter}
      exporter={customization?.list?.exporter ?? definitionExporter(definition)}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} actions={ReachablePaginationActions} />}
      actions={<ListActions definition={definition} customization={customization} meta={meta} />}
      disableSyncWithLocation={disableSyncWithLocation}
      title={title}
      queryOptions={meta ? { meta } : undefined}
      // The toolbar (create, export, a nested list's own buttons) stays on an empty list.
      empty={false}
      storeKey={scope ? `${definition.name}.${Object.values(scope).join('.')}` : undefined}
    >
      {customization?.list?.header}
      <GeneratedDataTable definition={definition} customization={customization} meta={meta} />
    </List>
  );
}

function ShowActions({ definition, customization }: GeneratedViewProps) {
  return (
    <TopToolbar>
      {definition.access.list && <ListButton />}
      {hasEditView(definition) && <EditButton />}
      {customization?.show?.actions}
      {definition.access.delete && <DeleteButton mutationMode={MUTATION_MODE} />}
    </TopToolbar>
  );
}

/** The record's changes (its History tab). */
function HistoryTabContent({ definition }: { definition: ResourceDefinition }) {
  const History = useRecordHistoryView();
  const record = useRecordContext();
  if (!History || record?.id === undefined) return null;
  return <History entity={historyEntityOf(definition)} entityId={record.id} />;
}

/**
 * Every field of a record but its secrets, by widget; beside them a History tab with the record's changes for
 * whoever may read the audit log (not on the audit log's own records).
 */
export function GeneratedShow({ definition, customization }: GeneratedViewProps) {
  const withHistory = !!useRecordHistoryView() && definition.name !== AUDIT_LOG;
  const fields = visibleFields(definition)
    .filter((field) => !customization?.show?.hideFields?.includes(field.source))
    .map((field) => displayOf(field, customization, false));
  return (
    <Show
      resource={definition.name}
      actions={<ShowActions definition={definition} customization={customization} />}
    >
      {withHistory ? (
        <HistoryTabs
          details={<SimpleShowLayout>{fields}</SimpleShowLayout>}
          history={<HistoryTabContent definition={definition} />}
        />
      ) : (
        <SimpleShowLayout>{fields}</SimpleShowLayout>
      )}
      {customization?.show?.sections}
    </Show>
  );
}

function FormInputs({ definition, mode }: { definition: ResourceDefinition; mode: FormMode }) {
  const definitions = useDefinitions();
  const record = useRecordContext();
  const shape = schemaShape(formSchema(definition, mode)) ?? {};
  return (
    <>
      {formFields(definition, mode).map((field) => {
        const locked = mode === 'edit' && isLockedOnEdit(field, record);
        return inputElement(field, {
          fieldSchema: shape[field.source],
          disabled: locked,
          helperText: locked && !field.createOnly ? 'portal.form.set_by_source' : undefined,
          definitions,
          resource: definition.name,
        });
      })}
    </>
  );
}

function EditToolbar({
  definition,
  saveButton,
}: {
  definition: ResourceDefinition;
  saveButton?: ReactElement;
}) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      {saveButton ?? <SaveButton />}
      {definition.access.delete && !definition.singleton && <DeleteButton mutationMode={MUTATION_MODE} />}
    </Toolbar>
  );
}

function EditActions({ definition }: { definition: ResourceDefinition }) {
  if (definition.singleton) return null;
  return (
    <TopToolbar>
      {definition.access.list && <ListButton />}
      {hasShowView(definition) && <ShowButton />}
    </TopToolbar>
  );
}

/** The update form: inputs by widget, the update schema as validation, the definition's save mode. */
export function GeneratedEdit({
  definition,
  customization,
  id,
  redirect,
}: GeneratedViewProps & { id?: string; redirect?: RedirectionSideEffect }) {
  return (
    <Edit
      resource={definition.name}
      id={definition.singleton ? definition.name : id}
      mutationMode={MUTATION_MODE}
      redirect={redirect ?? (definition.singleton ? false : hasShowView(definition) ? 'show' : 'list')}
      transform={(data: RaRecord) => toPayload(definition, 'edit', data)}
      actions={<EditActions definition={definition} />}
    >
      <SimpleForm
        noValidate
        validate={(values) => validateWithSchema(definition, 'edit', values)}
        toolbar={<EditToolbar definition={definition} saveButton={customization?.edit?.saveButton} />}
        sx={{ maxWidth: 720 }}
      >
        <FormInputs definition={definition} mode="edit" />
      </SimpleForm>
      {customization?.edit?.sections}
    </Edit>
  );
}

/**
 * The create form: starting values from the schema, the create schema as validation. A secret in the answer
 * (a service account's) is shown once before leaving the page.
 */
export function GeneratedCreate({
  definition,
  meta,
  redirectTo,
  title,
}: GeneratedViewProps & {
  /** Where to go after creating, a path under the console (a board's documents page). */
  redirectTo?: string;
  /** False inside a page that sets the title itself (a board's page). */
  title?: false;
}) {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  const showSecret = useShowSecret();
  const after: RedirectionSideEffect = redirectTo
    ? () => redirectTo
    : hasShowView(definition)
      ? 'show'
      : hasEditView(definition)
        ? 'edit'
        : 'list';
  const defaults = useMemo(() => createDefaults(definition), [definition]);
  return (
    <Create
      resource={definition.name}
      title={title}
      redirect={after}
      transform={(data: RaRecord) => toPayload(definition, 'create', data)}
      mutationOptions={{
        meta,
        onSuccess: (record: RaRecord) => {
          notify(`resources.${definition.name}.notifications.created`, {
            type: 'success',
            // `_` is the text itself when the resource has no message of its own, so it is translated here.
            messageArgs: { smart_count: 1, _: translate('ra.notification.created', { smart_count: 1 }) },
          });
          const secret = secretFields(definition).find((field) => typeof record[field.source] === 'string');
          const leave = () => redirect(after, definition.name, record.id, record);
          if (!secret) return leave();
          showSecret({
            label: `resources.${definition.name}.fields.${secret.source}`,
            value: record[secret.source] as string,
            owner: String(record[definition.recordTitle] ?? ''),
            onClose: leave,
          });
        },
      }}
    >
      <SimpleForm
        noValidate
        defaultValues={defaults}
        validate={(values) => validateWithSchema(definition, 'create', values)}
        sx={{ maxWidth: 720 }}
      >
        <FormInputs definition={definition} mode="create" />
      </SimpleForm>
    </Create>
  );
}

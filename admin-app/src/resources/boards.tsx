import DeveloperBoard from '@mui/icons-material/DeveloperBoard';
import {
  BooleanField,
  Datagrid,
  DateField,
  List,
  Pagination,
  SearchInput,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  type ResourceProps,
} from 'react-admin';

// TODO(resources): generate these views from the boards definition in @portal/resources.

const PAGE_SIZE = 25;

const productTypeChoices = [
  { id: 'chip', name: 'Chip' },
  { id: 'board', name: 'Board' },
];

const boardFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="name" source="name" label="Name" alwaysOn />,
];

function BoardList() {
  return (
    <List
      perPage={PAGE_SIZE}
      sort={{ field: 'name', order: 'ASC' }}
      filters={boardFilters}
      pagination={<Pagination rowsPerPageOptions={[10, PAGE_SIZE, 50, 100]} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="ispn" label="ISPN" />
        <TextField source="type" />
        <SelectField source="productType" label="Product type" choices={productTypeChoices} />
        <BooleanField source="releasedForRegistration" label="Released for registration" />
        <BooleanField source="secure" />
        <DateField source="updatedAt" label="Updated" showTime />
      </Datagrid>
    </List>
  );
}

function BoardShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="description" emptyText="—" />
        <TextField source="ispn" label="ISPN" emptyText="—" />
        <TextField source="type" emptyText="—" />
        <SelectField source="productType" label="Product type" choices={productTypeChoices} />
        <BooleanField source="releasedForRegistration" label="Released for registration" />
        <BooleanField source="showInRegistrationPage" label="Shown on the registration page" />
        <BooleanField source="serialnumberRequired" label="Serial number required" />
        <BooleanField source="restrictedAccess" label="Restricted access" />
        <BooleanField source="secure" />
        <DateField source="createdAt" label="Created" showTime />
        <DateField source="updatedAt" label="Updated" showTime />
        <TextField source="id" label="ID" />
      </SimpleShowLayout>
    </Show>
  );
}

export const boardsResource = {
  name: 'boards',
  list: BoardList,
  show: BoardShow,
  icon: DeveloperBoard,
  recordRepresentation: 'name',
} satisfies ResourceProps;

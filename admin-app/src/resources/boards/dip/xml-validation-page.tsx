import Alert from '@mui/material/Alert';
import {
  XML_VALIDATION_TYPES,
  xmlValidationEntryListInputSchema,
  type XmlValidationEntry,
} from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrayInput,
  AutocompleteInput,
  FormDataConsumer,
  Loading,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { nestedSchemaErrors, nestedSubmissionErrors } from '../../../generator/form-helpers';
import { SaveOnlyToolbar } from '../../../generator/save-toolbar';
import { useApi } from '../../../providers/api-context';
import { boardKey } from '../board-api';
import { BoardPageFrame } from '../board-page-frame';

const emptyIfNull = (value: unknown) => value ?? '';
const NEW_ENTRY = { type: 'metadata', xpath: '', metadataKey: null, errorMessage: null };

/** The form's entries as the API reads them: a metadata key only on a metadata entry, empty texts as null. */
const toInput = (values: Record<string, unknown>) => ({
  entries: ((values.entries as Partial<XmlValidationEntry>[] | undefined) ?? []).map((entry) => ({
    type: entry?.type,
    xpath: entry?.xpath ?? '',
    metadataKey: entry?.type === 'metadata' ? entry.metadataKey || null : null,
    errorMessage: entry?.errorMessage?.trim() ? entry.errorMessage : null,
  })),
});

function XmlValidationEditor({ board }: { board: RaRecord }) {
  const boardId = String(board.id);
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = boardKey(boardId, 'xml-validation-entries');
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.call('GET /boards/:id/xml-validation-entries', { params: { id: String(boardId) }, signal }),
  });
  if (isPending || !data) return <Loading />;
  const save = async (values: Record<string, unknown>) => {
    try {
      // The form checked the values with this schema before it submits them.
      const answer = await api.call('PUT /boards/:id/xml-validation-entries', {
        params: { id: boardId },
        body: xmlValidationEntryListInputSchema.parse(toInput(values)),
      });
      queryClient.setQueryData(key, answer);
      await queryClient.invalidateQueries({ queryKey: boardKey(boardId, 'secure-workflow') });
    } catch (error) {
      return nestedSubmissionErrors(error);
    }
    notify('portal.xml_validation.saved', { type: 'success' });
  };
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('portal.xml_validation.help')}
      </Alert>
      <SimpleForm
        noValidate
        record={{ entries: data }}
        onSubmit={save}
        validate={(values) =>
          nestedSchemaErrors(xmlValidationEntryListInputSchema, toInput(values), 'entries')
        }
        toolbar={<SaveOnlyToolbar />}
      >
        <ArrayInput source="entries" label="portal.xml_validation.entries">
          <SimpleFormIterator inline disableClear getItemDefaults={() => ({ ...NEW_ENTRY })}>
            <SelectInput
              source="type"
              label="portal.xml_validation.type"
              choices={XML_VALIDATION_TYPES.map((type) => ({
                id: type,
                name: `portal.xml_validation.types.${type}`,
              }))}
              isRequired
              helperText={false}
              sx={{ width: 140 }}
            />
            <TextInput
              source="xpath"
              label="portal.xml_validation.xpath"
              isRequired
              parse={emptyIfNull}
              sx={{ width: 260 }}
            />
            <FormDataConsumer>
              {({ scopedFormData }) =>
                scopedFormData?.type === 'metadata' ? (
                  <ReferenceInput source="metadataKey" reference="metadata-keys">
                    <AutocompleteInput
                      label="portal.xml_validation.metadata_key"
                      optionText={(key: { key: string; label: string }) => `${key.label} (${key.key})`}
                      isRequired
                      sx={{ width: 200 }}
                    />
                  </ReferenceInput>
                ) : null
              }
            </FormDataConsumer>
            <TextInput
              source="errorMessage"
              label="portal.xml_validation.error_message"
              helperText="portal.xml_validation.error_message_help"
              parse={emptyIfNull}
              sx={{ width: 220 }}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </>
  );
}

/**
 * /admin/boards/{boardId}/validation: the XML validation entries of the board's secure configurations (spec §3,
 * §5): type, XPath, metadata key (from the metadata keys) and error message, in order, checked with the API's
 * rules; the API's XPath compile check and unknown keys land on their entry.
 */
export function BoardXmlValidationPage() {
  return (
    <BoardPageFrame titleKey="portal.xml_validation.title">
      {(board) => <XmlValidationEditor board={board} />}
    </BoardPageFrame>
  );
}

import type { ApiClient } from '@portal/data-provider';
import { REQUEST_FLOWS, requestFlowInputSchema, type RequestFlowInput } from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FormDataConsumer,
  Loading,
  ReferenceInput,
  AutocompleteInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { submissionErrors, zodValidate } from '../../generator/form-helpers';
import { SaveOnlyToolbar } from '../../generator/save-toolbar';
import { useApi } from '../../providers/api-context';
import { CatalogueItemFrame } from './catalogue-page-frame';

/** The request flow calls of a tool or a bundle, typed by the server's schemas. */
const requestFlowCalls = {
  software: {
    read: (api: ApiClient, id: string, signal?: AbortSignal) =>
      api.call('GET /software/:id/request-flow', { params: { id }, signal }),
    save: (api: ApiClient, id: string, body: RequestFlowInput) =>
      api.call('PUT /software/:id/request-flow', { params: { id }, body }),
  },
  'software-bundles': {
    read: (api: ApiClient, uuid: string, signal?: AbortSignal) =>
      api.call('GET /software-bundles/:uuid/request-flow', { params: { uuid }, signal }),
    save: (api: ApiClient, uuid: string, body: RequestFlowInput) =>
      api.call('PUT /software-bundles/:uuid/request-flow', { params: { uuid }, body }),
  },
};

/**
 * The values the API reads from the form: only the field the chosen flow uses, the others null. The editor
 * checks them with the API's own rule (`requestFlowInputSchema`: the cart-with-questionnaire flow needs a
 * questionnaire, spec §5; the external flow a page), so its messages are the API's.
 */
const toRequestFlow = (values: Record<string, unknown>): Record<string, unknown> => ({
  requestFlow: values.requestFlow,
  questionnaireId: values.requestFlow === 'cart-with-questionnaire' ? (values.questionnaireId ?? null) : null,
  requestUrl: values.requestFlow === 'external' ? (values.requestUrl ?? null) : null,
});

function RequestFlowForm({ resource, id }: { resource: keyof typeof requestFlowCalls; id: string }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const calls = requestFlowCalls[resource];
  const queryKey = ['request-flow', resource, id];
  const { data, isPending } = useQuery({ queryKey, queryFn: ({ signal }) => calls.read(api, id, signal) });
  if (isPending) return <Loading />;
  const save = async (values: Record<string, unknown>) => {
    try {
      // The form checked the values with this schema before it submits them.
      await calls.save(api, id, requestFlowInputSchema.parse(toRequestFlow(values)));
    } catch (error) {
      return submissionErrors(error);
    }
    await queryClient.invalidateQueries({ queryKey });
    notify('portal.request_flow.saved', { type: 'success' });
  };
  return (
    <SimpleForm
      noValidate
      record={data ?? { requestFlow: 'cart', questionnaireId: null, requestUrl: null }}
      onSubmit={save}
      toolbar={<SaveOnlyToolbar />}
      validate={(values) => zodValidate(requestFlowInputSchema, 'requestFlow')(toRequestFlow(values))}
      sx={{ maxWidth: 720 }}
    >
      <SelectInput
        source="requestFlow"
        label="portal.request_flow.flow"
        choices={REQUEST_FLOWS.map((flow) => ({ id: flow, name: `portal.request_flow.flows.${flow}` }))}
        isRequired
      />
      <FormDataConsumer>
        {({ formData }) =>
          formData.requestFlow === 'cart-with-questionnaire' ? (
            <ReferenceInput source="questionnaireId" reference="questionnaires">
              <AutocompleteInput label="portal.request_flow.questionnaire" optionText="name" isRequired />
            </ReferenceInput>
          ) : formData.requestFlow === 'external' ? (
            <TextInput
              source="requestUrl"
              label="portal.request_flow.url"
              isRequired
              parse={(value) => (value === '' ? null : value)}
            />
          ) : null
        }
      </FormDataConsumer>
    </SimpleForm>
  );
}

/** /admin/software/{id}/request-flow and /admin/softwarebundle/{id}/request-flow: how customers ask for it. */
export function RequestFlowPage({ resource }: { resource: 'software' | 'software-bundles' }) {
  const { id } = useParams<'id'>();
  return (
    <CatalogueItemFrame resource={resource} id={id!} titleKey="portal.request_flow.title">
      {(item) => <RequestFlowForm resource={resource} id={String(item.id)} />}
    </CatalogueItemFrame>
  );
}

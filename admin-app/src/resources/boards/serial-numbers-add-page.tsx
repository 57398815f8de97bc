import { serialNumbersTextSchema } from '@portal/resources';
import { z } from 'zod';
import { BooleanInput, SimpleForm, TextInput, useBasename, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { submissionErrors, zodValidate } from '../../generator/form-helpers';
import { boardPagePath } from './board-actions';
import { useApi } from './board-api';
import { BoardPageFrame } from './board-page-frame';

/** The add form's rule: each line a valid serial number, with the spec's message and its line number. */
const addFormSchema = z.object({ serialNumbers: serialNumbersTextSchema, multiRegistration: z.boolean() });

function AddSerialNumbersForm({ boardId }: { boardId: string }) {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const save = async (values: Record<string, unknown>) => {
    let added: readonly unknown[];
    try {
      added = await api.call('POST /boards/:id/serial-numbers', {
        params: { id: boardId },
        body: {
          serialNumbers: String(values.serialNumbers ?? ''),
          multiRegistration: !!values.multiRegistration,
        },
      });
    } catch (error) {
      return submissionErrors(error);
    }
    notify('portal.serial_numbers.added', { type: 'success', messageArgs: { smart_count: added.length } });
    navigate(boardPagePath(basename, boardId, 'serialnumbers/edit'));
  };
  return (
    <SimpleForm
      noValidate
      record={{ serialNumbers: '', multiRegistration: false }}
      onSubmit={save}
      validate={zodValidate(addFormSchema, 'serialNumbers')}
      sx={{ maxWidth: 720 }}
    >
      <TextInput
        source="serialNumbers"
        label="portal.serial_numbers.field_lines"
        helperText="portal.serial_numbers.lines_help"
        multiline
        minRows={6}
        isRequired
        parse={(value) => value ?? ''}
        sx={{ '& .MuiFormHelperText-root': { whiteSpace: 'pre-line' } }}
      />
      <BooleanInput source="multiRegistration" label="portal.serial_numbers.field_multi" />
    </SimpleForm>
  );
}

/** /admin/boards/{boardId}/serialnumbers/edit/add: serial numbers one per line, checked line by line. */
export function BoardSerialNumbersAddPage() {
  const { id } = useParams<'id'>();
  return (
    <BoardPageFrame titleKey="portal.serial_numbers.add_title">
      {() => <AddSerialNumbersForm boardId={id!} />}
    </BoardPageFrame>
  );
}

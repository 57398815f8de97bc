import FactCheck from '@mui/icons-material/FactCheck';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ASSET_DELETE_POLICIES, secureConfigInputSchema, type SecureConfig } from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import {
  Loading,
  RadioButtonGroupInput,
  SimpleForm,
  useBasename,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { nestedSchemaErrors, nestedSubmissionErrors } from '../../../generator/form-helpers';
import { StringListInput } from '../../../generator/inputs';
import { SaveOnlyToolbar } from '../../../generator/save-toolbar';
import { useApi } from '../../../providers/api-context';
import { boardPagePath } from '../board-actions';
import { boardKey } from '../board-api';
import { BoardPageFrame } from '../board-page-frame';

const toInput = (values: Record<string, unknown>) => ({
  acceptedFileTypes: ((values.acceptedFileTypes as unknown[] | undefined) ?? []).map((type) =>
    typeof type === 'string' ? type.trim() : type,
  ),
  deletePolicy: values.deletePolicy,
});

/** The board's XML validation entries, which the secure workflow uses as its DIP asset validators. */
function Validators({ boardId, config }: { boardId: string; config: SecureConfig }) {
  const translate = useTranslate();
  const basename = useBasename();
  const headingId = useId();
  const validators = config.dipAsset.validators;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <CardContent>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500 }}>
          {translate('portal.secure_workflow.validators')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('portal.secure_workflow.validators_help')}
        </Typography>
        {validators.length === 0 ? (
          <Typography variant="body2">{translate('portal.secure_workflow.no_validators')}</Typography>
        ) : (
          <List dense aria-labelledby={headingId}>
            {validators.map((entry, index) => (
              <ListItem key={`${entry.type}-${entry.xpath}-${index}`} disableGutters>
                <Chip size="small" label={entry.type} sx={{ mr: 1 }} />
                <ListItemText
                  primary={<code>{entry.xpath}</code>}
                  secondary={[entry.metadataKey, entry.errorMessage].filter(Boolean).join(' · ') || null}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Button
          component={Link}
          to={boardPagePath(basename, boardId, 'validation')}
          startIcon={<FactCheck />}
        >
          {translate('portal.secure_workflow.edit_validators')}
        </Button>
      </CardContent>
    </Card>
  );
}

function SecureWorkflowEditor({ board }: { board: RaRecord }) {
  const boardId = String(board.id);
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = boardKey(boardId, 'secure-workflow');
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.call('GET /boards/:id/secure-workflow', { params: { id: String(boardId) }, signal }),
  });
  if (isPending || !data) return <Loading />;
  const save = async (values: Record<string, unknown>) => {
    try {
      // The form checked the values with this schema before it submits them.
      const answer = await api.call('PUT /boards/:id/secure-workflow', {
        params: { id: boardId },
        body: secureConfigInputSchema.parse(toInput(values)),
      });
      queryClient.setQueryData(key, answer);
    } catch (error) {
      return nestedSubmissionErrors(error);
    }
    notify('portal.secure_workflow.saved', { type: 'success' });
  };
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('portal.secure_workflow.help')}
      </Alert>
      <SimpleForm
        noValidate
        record={{
          acceptedFileTypes: data.acceptedFileTypes,
          deletePolicy: data.dipAsset.delete[0] ?? 'before_resolve',
        }}
        onSubmit={save}
        validate={(values) =>
          nestedSchemaErrors(secureConfigInputSchema, toInput(values), 'acceptedFileTypes')
        }
        toolbar={<SaveOnlyToolbar />}
        sx={{ maxWidth: 720 }}
      >
        <StringListInput source="acceptedFileTypes" label="portal.secure_workflow.file_types" isRequired />
        <RadioButtonGroupInput
          source="deletePolicy"
          label="portal.secure_workflow.delete_policy"
          helperText="portal.secure_workflow.policy_note"
          row={false}
          choices={ASSET_DELETE_POLICIES.map((policy) => ({
            id: policy,
            name: `portal.secure_workflow.policies.${policy}`,
          }))}
        />
      </SimpleForm>
      <Validators boardId={boardId} config={data} />
    </>
  );
}

/**
 * /admin/boards/{boardId}/secure-workflow: the secure workflow configuration (spec §3): accepted file types, the
 * DIP asset validators (the board's XML validation entries, edited on their page) and the delete policy.
 */
export function BoardSecureWorkflowPage() {
  return (
    <BoardPageFrame titleKey="portal.secure_workflow.title">
      {(board) => <SecureWorkflowEditor board={board} />}
    </BoardPageFrame>
  );
}

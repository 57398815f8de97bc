import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MESSAGES, questionnaireInputSchema, type Question, type Questionnaire } from '@portal/resources';
import { useState } from 'react';
import { z } from 'zod';
import {
  ListButton,
  Loading,
  SimpleForm,
  TextInput,
  Title,
  TopToolbar,
  useBasename,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { submissionErrors, zodValidate } from '../../generator/form-helpers';
import { useApi } from '../../providers/api-context';
import { apiErrorsOf } from '../../providers/errors';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { moveItem } from '../../shared/move-item';
import { editPath, useCopyQuestionnaire, useQuestionnaire, useRefreshQuestionnaire } from './api';
import { NEW_QUESTION, QuestionFields } from './question-fields';

/** The name alone, as the editor saves it beside the questions it already has. */
const nameSchema = z.object({ name: questionnaireInputSchema.shape.name });

function QuestionList({ questionnaire }: { questionnaire: Questionnaire }) {
  const translate = useTranslate();
  const basename = useBasename();
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefreshQuestionnaire();
  const [deleting, setDeleting] = useState<Question | null>(null);
  const base = `${basename}/questionnaires/${encodeURIComponent(questionnaire.id)}/question`;
  const titleOf = (id: string) => questionnaire.questions.find((question) => question.id === id)?.title ?? id;

  const reorder = async (from: number, to: number) => {
    const questions = moveItem(questionnaire.questions, from, to);
    try {
      await api.call('PUT /questionnaires/:id', {
        params: { id: questionnaire.id },
        body: { name: questionnaire.name, questions },
      });
      await refresh(questionnaire.id);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const remove = async (question: Question) => {
    try {
      await api.call('DELETE /questionnaires/:id/questions/:questionId', {
        params: { id: questionnaire.id, questionId: question.id },
      });
      notify('portal.questions.deleted', { type: 'success' });
      await refresh(questionnaire.id);
    } catch (error) {
      const message = apiErrorsOf(error)
        .flatMap((item) => item.messages)
        .join(' ');
      notify(message || MESSAGES.questionDeleteFailed, { type: 'error' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="questions-heading" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography
          id="questions-heading"
          variant="h2"
          sx={{ fontSize: '1.25rem', fontWeight: 500, flexGrow: 1 }}
        >
          {translate('portal.questions.heading')}
        </Typography>
        <Button component={Link} to={base} startIcon={<Add />} variant="contained">
          {translate('portal.questions.add')}
        </Button>
      </Box>
      {questionnaire.questions.length === 0 ? (
        <Alert severity="info">{translate('portal.questions.empty')}</Alert>
      ) : (
        <Card variant="outlined">
          <List>
            {questionnaire.questions.map((question, index) => (
              <ListItem
                key={question.id}
                divider
                secondaryAction={
                  <Box>
                    <IconButton
                      aria-label={translate('portal.questions.move_up', { title: question.title })}
                      disabled={index === 0}
                      onClick={() => void reorder(index, index - 1)}
                    >
                      <ArrowUpward />
                    </IconButton>
                    <IconButton
                      aria-label={translate('portal.questions.move_down', { title: question.title })}
                      disabled={index === questionnaire.questions.length - 1}
                      onClick={() => void reorder(index, index + 1)}
                    >
                      <ArrowDownward />
                    </IconButton>
                    <IconButton
                      component={Link}
                      to={`${base}/${encodeURIComponent(question.id)}`}
                      aria-label={translate('portal.questions.edit', { title: question.title })}
                    >
                      <Edit />
                    </IconButton>
                    <IconButton
                      aria-label={translate('portal.questions.delete', { title: question.title })}
                      onClick={() => setDeleting(question)}
                    >
                      <Delete />
                    </IconButton>
                  </Box>
                }
              >
                <ListItemText
                  sx={{ pr: 24 }}
                  primary={
                    <>
                      {question.title}{' '}
                      <Chip size="small" label={translate(`portal.questions.types.${question.type}`)} />{' '}
                      {question.optional && (
                        <Chip
                          size="small"
                          variant="outlined"
                          label={translate('portal.questions.optional_chip')}
                        />
                      )}
                    </>
                  }
                  secondary={
                    question.dependentQuestions.length > 0
                      ? translate('portal.questions.shows', {
                          questions: question.dependentQuestions
                            .map((dependent) => titleOf(dependent.questionId))
                            .join(', '),
                        })
                      : question.choices.map((choice) => choice.option).join(' · ') || undefined
                  }
                />
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={translate('portal.questions.delete_title')}
        text={translate('portal.questions.delete_text', { title: deleting?.title ?? '' })}
        confirmLabel={translate('ra.action.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Box>
  );
}

/** /admin/questionnaires/{id}/edit (and the edit path /admin/questionnaires/{id}): name, questions, copy. */
export function QuestionnaireEditorPage() {
  const { id } = useParams<'id'>();
  const translate = useTranslate();
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefreshQuestionnaire();
  const copy = useCopyQuestionnaire();
  const access = useRequireAccess({ resource: 'questionnaires', action: 'edit' });
  const { data: questionnaire, isPending } = useQuestionnaire(id);
  if (access.isPending || isPending) return <Loading />;
  if (!questionnaire) return null;
  const saveName = async (values: Record<string, unknown>) => {
    try {
      await api.call('PUT /questionnaires/:id', {
        params: { id: questionnaire.id },
        body: { name: String(values.name ?? ''), questions: questionnaire.questions },
      });
    } catch (error) {
      return submissionErrors(error);
    }
    await refresh(questionnaire.id);
    notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
  };
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('portal.questionnaires.edit_title', { name: questionnaire.name })} />
      <TopToolbar>
        <ListButton resource="questionnaires" />
        <Button startIcon={<ContentCopy />} onClick={() => void copy(questionnaire)}>
          {translate('portal.questionnaires.copy')}
        </Button>
      </TopToolbar>
      <SimpleForm
        noValidate
        record={{ name: questionnaire.name }}
        onSubmit={saveName}
        validate={zodValidate(nameSchema)}
        sx={{ maxWidth: 720 }}
      >
        <TextInput
          source="name"
          label="resources.questionnaires.fields.name"
          isRequired
          parse={(value) => value ?? ''}
        />
      </SimpleForm>
      <QuestionList questionnaire={questionnaire} />
    </Box>
  );
}

/**
 * /admin/questionnaires/new (and the create path): a questionnaire needs at least one question that depends on
 * no other (spec §5), so it starts with its name and first question.
 */
export function QuestionnaireCreatePage() {
  const translate = useTranslate();
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const access = useRequireAccess({ resource: 'questionnaires', action: 'create' });
  if (access.isPending) return <Loading />;
  const validate = (values: Record<string, unknown>) => {
    const result = questionnaireInputSchema.safeParse(values);
    if (result.success) return {};
    const errors: { name?: string; questions?: Record<string, string>[] } = {};
    for (const issue of result.error.issues) {
      const [first, index, field] = issue.path;
      if (first === 'name') errors.name ??= issue.message;
      else if (first === 'questions' && typeof index === 'number') {
        errors.questions ??= [];
        errors.questions[index] ??= {};
        errors.questions[index]![String(field ?? 'title')] ??= issue.message;
      } else errors.name ??= issue.message;
    }
    return errors;
  };
  const save = async (values: Record<string, unknown>) => {
    let created: Questionnaire;
    try {
      created = await api.call('POST /questionnaires', { body: questionnaireInputSchema.parse(values) });
    } catch (error) {
      return submissionErrors(error);
    }
    notify('ra.notification.created', { type: 'success', messageArgs: { smart_count: 1 } });
    navigate(editPath(basename, created.id));
  };
  return (
    <Box sx={{ py: 2 }}>
      <Title title="portal.questionnaires.new_title" />
      <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 500, mb: 2 }}>
        {translate('portal.questionnaires.new_title')}
      </Typography>
      <SimpleForm
        noValidate
        record={{ name: '', questions: [NEW_QUESTION] }}
        onSubmit={save}
        validate={validate}
        sx={{ maxWidth: 900 }}
      >
        <TextInput
          source="name"
          label="resources.questionnaires.fields.name"
          isRequired
          parse={(value) => value ?? ''}
        />
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500, mt: 2 }}>
          {translate('portal.questionnaires.first_question')}
        </Typography>
        <QuestionFields prefix="questions.0." />
      </SimpleForm>
    </Box>
  );
}

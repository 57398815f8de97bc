import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { questionInputSchema } from '@portal/resources';
import {
  Loading,
  SimpleForm,
  Title,
  useBasename,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { submissionErrors, zodValidate } from '../../generator/form-helpers';
import { useApi } from '../../providers/api-context';
import { useQuestionnaire, useRefreshQuestionnaire } from './api';
import { NEW_QUESTION, QuestionFields } from './question-fields';
import { SaveOnlyToolbar } from '../../generator/save-toolbar';

/**
 * /admin/questionnaires/{id}/question (a new question) and …/question/{questionId}: the question editor,
 * checked with the rules of `questionInputSchema` (choices, required text) before the API's.
 */
export function QuestionEditorPage() {
  const { id, questionId } = useParams<'id' | 'questionId'>();
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const api = useApi();
  const refresh = useRefreshQuestionnaire();
  const access = useRequireAccess({ resource: 'questionnaires', action: 'edit' });
  const { data: questionnaire, isPending } = useQuestionnaire(id);
  if (access.isPending || isPending) return <Loading />;
  if (!questionnaire) return null;
  const question = questionId
    ? questionnaire.questions.find((candidate) => candidate.id === questionId)
    : undefined;
  const others = questionnaire.questions.filter((candidate) => candidate.id !== questionId);
  const back = `${basename}/questionnaires/${encodeURIComponent(questionnaire.id)}/edit`;
  const title = translate(question ? 'portal.questions.edit_title' : 'portal.questions.add_title', {
    name: questionnaire.name,
  });

  const save = async (values: Record<string, unknown>) => {
    try {
      const body = questionInputSchema.parse(values);
      if (question) {
        await api.call('PUT /questionnaires/:id/questions/:questionId', {
          params: { id: questionnaire.id, questionId: question.id },
          body,
        });
      } else {
        await api.call('POST /questionnaires/:id/questions', { params: { id: questionnaire.id }, body });
      }
    } catch (error) {
      return submissionErrors(error);
    }
    await refresh(questionnaire.id);
    notify('portal.questions.saved', { type: 'success' });
    navigate(back);
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Button component={Link} to={back} startIcon={<ArrowBack />}>
          {translate('portal.questions.back', { name: questionnaire.name })}
        </Button>
        <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 500 }}>
          {title}
        </Typography>
      </Box>
      <SimpleForm
        toolbar={<SaveOnlyToolbar />}
        noValidate
        record={question ?? NEW_QUESTION}
        onSubmit={save}
        validate={zodValidate(questionInputSchema, 'title')}
        sx={{ maxWidth: 900 }}
      >
        <QuestionFields others={others} />
      </SimpleForm>
    </Box>
  );
}

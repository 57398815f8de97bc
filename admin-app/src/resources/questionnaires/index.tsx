import ContentCopy from '@mui/icons-material/ContentCopy';
import Quiz from '@mui/icons-material/Quiz';
import IconButton from '@mui/material/IconButton';
import { useRecordContext, useTranslate } from 'react-admin';
import { gatedRoute } from '../../pages/page-access';
import type { ResourceCustomization } from '../../generator/resource';
import { lazyPage } from '../../pages/lazy-page';
import { useCopyQuestionnaire } from './api';

const loadEditors = () => import('./editors');
const QuestionnaireCreatePage = lazyPage(loadEditors, (m) => m.QuestionnaireCreatePage);
const QuestionnaireEditorPage = lazyPage(loadEditors, (m) => m.QuestionnaireEditorPage);
const QuestionEditorPage = lazyPage(loadEditors, (m) => m.QuestionEditorPage);

function CopyButton() {
  const record = useRecordContext<{ id: string; name: string }>();
  const translate = useTranslate();
  const copy = useCopyQuestionnaire();
  if (!record) return null;
  return (
    <IconButton
      size="small"
      aria-label={translate('portal.questionnaires.copy_for', { name: record.name })}
      onClick={(event) => {
        event.stopPropagation();
        void copy(record);
      }}
    >
      <ContentCopy fontSize="small" />
    </IconButton>
  );
}

/**
 * Questionnaires: the generated list (with copy), and the hand-made editors at the spec's paths: /new,
 * /{id}/edit with the questions, /{id}/question and /{id}/question/{questionId}.
 */
export const questionnairesCustomization: ResourceCustomization = {
  icon: Quiz,
  list: { rowActions: <CopyButton /> },
  views: { create: <QuestionnaireCreatePage />, edit: <QuestionnaireEditorPage /> },
  routes: (
    <>
      {gatedRoute('new', 'questionnaires', 'create', <QuestionnaireCreatePage />)}
      {gatedRoute(':id/edit', 'questionnaires', 'edit', <QuestionnaireEditorPage />)}
      {gatedRoute(':id/question', 'questionnaires', 'edit', <QuestionEditorPage />)}
      {gatedRoute(':id/question/:questionId', 'questionnaires', 'edit', <QuestionEditorPage />)}
    </>
  ),
};

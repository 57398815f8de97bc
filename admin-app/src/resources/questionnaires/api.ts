import { MESSAGES, type Questionnaire } from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBasename, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../providers/api-context';

const questionnaireKey = (id: string) => ['questionnaires', 'editor', id];

/** A questionnaire with its questions in order (`GET questionnaires/{id}`). */
export function useQuestionnaire(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: questionnaireKey(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => api.call('GET /questionnaires/:id', { params: { id: id! }, signal }),
  });
}

/** Reads the questionnaire again after a change, here and in react-admin's list. */
export function useRefreshQuestionnaire() {
  const queryClient = useQueryClient();
  return (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: questionnaireKey(id) }),
      queryClient.invalidateQueries({ queryKey: ['questionnaires'] }),
    ]);
}

export const editPath = (basename: string, id: string) =>
  `${basename}/questionnaires/${encodeURIComponent(id)}/edit`;

/** Copies a questionnaire with its questions and opens the copy. */
export function useCopyQuestionnaire() {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  return async (questionnaire: Pick<Questionnaire, 'id'>) => {
    try {
      const copy = await api.call('POST /questionnaires/:id/copy', { params: { id: questionnaire.id } });
      notify('portal.questionnaires.copied', { type: 'success', messageArgs: { name: copy.name } });
      navigate(editPath(basename, copy.id));
    } catch {
      notify(MESSAGES.questionnaireCopyFailed, { type: 'error' });
    }
  };
}

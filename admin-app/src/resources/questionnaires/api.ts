import type { Questionnaire } from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../providers/api-context';

export const questionnaireKey = (id: string) => ['questionnaires', 'editor', id];

/** A questionnaire with its questions in order (`GET questionnaires/{id}`). */
export function useQuestionnaire(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: questionnaireKey(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      api.request<Questionnaire>(`questionnaires/${encodeURIComponent(id!)}`, { signal }),
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

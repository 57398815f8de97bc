import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../paths';
import { currentUserQueryKey } from '../../session/current-user';

/** Drops the cached users/me so the guard asks the server again whether the email is verified. */
export function useVerificationRecheck() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    queryClient.removeQueries({ queryKey: currentUserQueryKey });
    void navigate(paths.myProjects);
  };
}

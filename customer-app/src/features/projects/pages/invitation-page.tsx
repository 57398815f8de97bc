import Lock from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { invitationPasswordSchema, type InvitationDetails } from '@portal/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key } from '../../../notifications/notification-store';
import { loginPath, paths } from '../../../paths';
import { acceptInvitation, readInvitation } from '../api/invitations';
import { projectKeys } from '../api/query-keys';
import { FormErrorAlert } from '../components/form-error-alert';
import { PageHeading } from '../components/page-heading';
import { fieldError, formErrorsOf, hasCode } from '../model/form-errors';
import { formatDateTime } from '../model/format';
import { issueOf } from '../model/validate';
import { projectPath } from '../paths';

/**
 * `/invitation/{invitationUuid}`: the invitee gives the password they were sent (`X-Invitation-Password`), sees
 * what they are invited to, and accepts. Every invitation error of spec calls §8.4 is shown with its message:
 * unknown or wrong password, already a member, no longer valid, expired, missing; too many guesses wait.
 */
export function InvitationPage() {
  const { t, locale } = useI18n();
  const { api, notifications } = usePortal();
  const { invitationUuid = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState<string | undefined>();
  const [details, setDetails] = useState<{ invitation: InvitationDetails; password: string } | null>(null);

  const read = useMutation({
    mutationFn: (given: string) => readInvitation(api, invitationUuid, given),
    meta: { silent: true },
    onSuccess: (invitation, given) => setDetails({ invitation, password: given }),
  });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(api, invitationUuid, details!.password),
    meta: { silent: true },
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(project.uuid), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
      notifications.notify({ kind: 'success', title: key('invitation.accepted', { name: project.name }) });
      await navigate(projectPath(project.uuid), { replace: true });
    },
  });
  const failed = accept.error ?? read.error;
  const errors = failed ? formErrorsOf(failed, { 'x-invitation-password': 'password' }) : null;
  const message = checked ?? fieldError(errors, 'password');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = issueOf(invitationPasswordSchema, password);
    setChecked(issue);
    read.reset();
    if (issue) {
      document.getElementById('invitation-password')?.focus();
      return;
    }
    read.mutate(password);
  };

  const errorAction = hasCode(errors, 'missing_multifactor_auth') ? (
    <Button
      component={RouterLink}
      to={loginPath({ mfa: true, redirectTo: location.pathname })}
      color="inherit"
      size="small"
    >
      {t('registration.stepUp')}
    </Button>
  ) : hasCode(errors, 'invitation_already_member') ? (
    <Button component={RouterLink} to={paths.myProjects} color="inherit" size="small">
      {t('nav.myProjects')}
    </Button>
  ) : undefined;

  return (
    <MuiScope>
      <DocumentTitle title={t('page.invitation')} />
      <PageHeading title={t('page.invitation')} subtitle={t('invitation.intro')} />
      <Box sx={{ maxWidth: '36rem' }}>
        <FormErrorAlert errors={errors} action={errorAction} />
        {!details ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Box component="form" noValidate onSubmit={submit}>
              <TextField
                id="invitation-password"
                fullWidth
                type="password"
                label={t('invitation.password')}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={!!message}
                helperText={message ?? t('invitation.passwordHelp')}
                required
                autoComplete="off"
                autoFocus
              />
              <Button
                type="submit"
                variant="contained"
                sx={{ mt: 2 }}
                disabled={read.isPending}
                aria-busy={read.isPending}
              >
                {read.isPending ? t('invitation.checking') : t('invitation.open')}
              </Button>
            </Box>
          </Paper>
        ) : (
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby="invitation-project"
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography color="text.secondary">{t('invitation.invitedTo')}</Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              <Typography id="invitation-project" variant="h2" sx={{ fontSize: '1.5rem' }}>
                {details.invitation.project.name}
              </Typography>
              {details.invitation.project.secure && (
                <Chip size="small" icon={<Lock aria-hidden="true" />} label={t('projects.secure')} />
              )}
            </Stack>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
            >
              <Typography component="dt" color="text.secondary">
                {t('projects.field.board')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {details.invitation.project.boardName}
              </Typography>
              {details.invitation.invitedBy && (
                <>
                  <Typography component="dt" color="text.secondary">
                    {t('invitation.invitedBy')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {details.invitation.invitedBy}
                  </Typography>
                </>
              )}
              <Typography component="dt" color="text.secondary">
                {t('invitation.validUntil')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {formatDateTime(details.invitation.expiresAt, locale)}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
              <Button
                variant="contained"
                onClick={() => accept.mutate()}
                disabled={accept.isPending}
                aria-busy={accept.isPending}
              >
                {accept.isPending ? t('invitation.accepting') : t('invitation.accept')}
              </Button>
              <Button component={RouterLink} to={paths.myProjects}>
                {t('invitation.decline')}
              </Button>
            </Stack>
          </Paper>
        )}
      </Box>
    </MuiScope>
  );
}

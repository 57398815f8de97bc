import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADD_MULTIPLE_MEMBERS_MAX,
  INVITATION_PASSWORD_LENGTH,
  emailSchema,
  newInvitationPasswordSchema,
  substituteEmailSchema,
  type AddMultipleMembersResult,
  type Invitation,
} from '@portal/resources';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key, notifyBatch } from '../../../notifications/notification-store';
import { addMembers, createInvitation, setFae, setSubstitute } from '../api/members';
import { useProjectMutation } from '../api/project';
import { FormErrorAlert } from '../components/form-error-alert';
import { ProjectSubPage } from '../components/project-guard';
import type { ProjectView } from '../hooks/use-project-view';
import { fieldError, formErrorsOf } from '../model/form-errors';
import { formatDateTime } from '../model/format';
import { emailsOf } from '../model/emails';
import { issueOf } from '../model/validate';

/**
 * `/my/projects/{uid}/manage-members/add`: an invitation link with a password and an expiry, people of the
 * company space added by email, the FAE and the substitute (owner, substitute and admins).
 */
export function AddMembersPage() {
  const { t } = useI18n();
  return (
    <MuiScope>
      <DocumentTitle title={t('page.addMembers')} />
      <ProjectSubPage title={t('page.addMembers')} allowed={(view) => view.actions.includes('manageMembers')}>
        {(view) => (
          <Stack spacing={3} sx={{ maxWidth: '44rem' }}>
            <InviteSection view={view} />
            <AddByEmailSection view={view} />
            <EmailRoleSection view={view} role="fae" />
            <EmailRoleSection view={view} role="substitute" />
          </Stack>
        )}
      </ProjectSubPage>
    </MuiScope>
  );
}

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}

/** A new invitation link: the password is chosen or made up, and shown this once with the link and expiry. */
function InviteSection({ view }: { view: ProjectView }) {
  const { t, locale } = useI18n();
  const { notifications } = usePortal();
  const { project } = view;
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState<string | undefined>();
  const [created, setCreated] = useState<Invitation | null>(null);
  const mutation = useProjectMutation(project.uuid, (api, chosen: string | undefined) =>
    createInvitation(api, project.uuid, chosen),
  );
  const errors = mutation.error ? formErrorsOf(mutation.error, { password: 'password' }) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = password ? issueOf(newInvitationPasswordSchema, password) : undefined;
    setChecked(issue);
    if (issue) return;
    mutation.mutate(password || undefined, {
      onSuccess: (invitation) => {
        setCreated(invitation);
        setPassword('');
        notifications.notify({ kind: 'success', title: key('members.invitation.created') });
      },
    });
  };
  const copy = (text: string) =>
    void navigator.clipboard
      .writeText(text)
      .then(() => notifications.notify({ kind: 'success', title: key('members.invitation.copied') }));
  const message = checked ?? fieldError(errors, 'password');
  const open = project.invitation?.status === 'active';
  return (
    <Section id="invite" title={t('members.invite.title')} intro={t('members.invite.intro')}>
      {created && (
        <Alert severity="success" sx={{ mb: 2 }}>
          <AlertTitle>{t('members.invite.createdTitle')}</AlertTitle>
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            <CopyField label={t('members.invitation.link')} value={created.link} onCopy={copy} />
            <CopyField label={t('members.invite.password')} value={created.password ?? ''} onCopy={copy} />
            <Typography variant="body2">
              {t('members.invitation.expires', { date: formatDateTime(created.expiresAt, locale) })}
            </Typography>
            <Typography variant="body2">{t('members.invite.shareSeparately')}</Typography>
          </Stack>
        </Alert>
      )}
      {open && !created && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('members.invite.replaces', {
            date: formatDateTime(project.invitation!.expiresAt, locale),
          })}
        </Alert>
      )}
      <FormErrorAlert errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          id="invite-password"
          fullWidth
          type="text"
          label={t('members.invite.choosePassword')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={!!message}
          helperText={message ?? t('members.invite.passwordHelp', { min: INVITATION_PASSWORD_LENGTH.min })}
          autoComplete="new-password"
        />
        <Button
          type="submit"
          variant="contained"
          sx={{ mt: 2 }}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
        >
          {t('members.invite.submit')}
        </Button>
      </Box>
    </Section>
  );
}

function CopyField({
  label,
  value,
  onCopy,
}: {
  label: string;
  value: string;
  onCopy: (text: string) => void;
}) {
  const { t } = useI18n();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        slotProps={{ input: { readOnly: true }, htmlInput: { spellCheck: false } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Button
        onClick={() => onCopy(value)}
        startIcon={<ContentCopy />}
        aria-label={t('members.copyOf', { label })}
      >
        {t('members.copy')}
      </Button>
    </Stack>
  );
}

/** People of the project's company space join as members (`add-multiple-members`), with a batch summary. */
function AddByEmailSection({ view }: { view: ProjectView }) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const { project } = view;
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<string | undefined>();
  const [result, setResult] = useState<AddMultipleMembersResult | null>(null);
  const mutation = useProjectMutation(project.uuid, (api, emails: string[]) =>
    addMembers(api, project.uuid, emails),
  );
  const errors = mutation.error ? formErrorsOf(mutation.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = emailsOf(text);
    const invalid = emails.find((email) => issueOf(emailSchema, email));
    const issue = !emails.length
      ? t('members.addByEmail.required')
      : emails.length > ADD_MULTIPLE_MEMBERS_MAX
        ? t('members.addByEmail.tooMany', { max: ADD_MULTIPLE_MEMBERS_MAX })
        : invalid
          ? t('members.addByEmail.invalid', { email: invalid })
          : undefined;
    setChecked(issue);
    setResult(null);
    if (issue) return;
    mutation.mutate(emails, {
      onSuccess: (answer) => {
        setResult(answer);
        notifyBatch(notifications, {
          action: 'added',
          succeeded: answer.added.length,
          total: answer.added.length + answer.failed.length,
        });
        setText(answer.failed.map((failure) => failure.email).join('\n'));
      },
    });
  };
  return (
    <Section id="add-by-email" title={t('members.addByEmail.title')} intro={t('members.addByEmail.intro')}>
      <FormErrorAlert errors={errors} />
      {result && result.failed.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{t('members.addByEmail.notAdded')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {result.failed.map((failure) => (
              <li key={failure.email}>
                {failure.email}: {failure.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          id="add-emails"
          fullWidth
          multiline
          minRows={3}
          label={t('members.addByEmail.emails')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!!checked}
          helperText={checked ?? t('members.addByEmail.help')}
        />
        <Button
          type="submit"
          variant="contained"
          sx={{ mt: 2 }}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
        >
          {t('members.addByEmail.submit')}
        </Button>
      </Box>
    </Section>
  );
}

/** Sets the FAE (a provider address) or the substitute (anyone but the owner) by email. */
function EmailRoleSection({ view, role }: { view: ProjectView; role: 'fae' | 'substitute' }) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const { project } = view;
  const current = role === 'fae' ? project.fae : project.substitute;
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState<string | undefined>();
  const mutation = useProjectMutation(project.uuid, (api, address: string) =>
    role === 'fae' ? setFae(api, project.uuid, address) : setSubstitute(api, project.uuid, address),
  );
  const errors = mutation.error ? formErrorsOf(mutation.error, { email: 'email' }) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const issue = issueOf(
      role === 'substitute' ? substituteEmailSchema(project.owner.email) : emailSchema,
      address,
    );
    setChecked(issue);
    if (issue) return;
    mutation.mutate(address, {
      onSuccess: () => {
        setEmail('');
        notifications.notify({ kind: 'success', title: key(`members.${role}.set`, { email: address }) });
      },
    });
  };
  const message = checked ?? fieldError(errors, 'email');
  return (
    <Section
      id={`set-${role}`}
      title={t(`members.${role}.title`)}
      intro={current ? t(`members.${role}.current`, { email: current.email }) : t(`members.${role}.none`)}
    >
      <FormErrorAlert errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          id={`${role}-email`}
          fullWidth
          type="email"
          label={t(`members.${role}.email`)}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!message}
          helperText={message ?? t(`members.${role}.help`)}
          autoComplete="off"
        />
        <Button
          type="submit"
          variant="contained"
          sx={{ mt: 2 }}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
        >
          {current ? t(`members.${role}.replace`) : t(`members.${role}.submit`)}
        </Button>
      </Box>
    </Section>
  );
}

import ContentCopy from '@mui/icons-material/ContentCopy';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { groupProjectMembers, sameEmail, type Project, type ProjectMember } from '@portal/resources';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key } from '../../../notifications/notification-store';
import { removeFae, removeMember, removeSubstitute, revokeInvitation, setSubstitute } from '../api/members';
import { useProjectMutation } from '../api/project';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ProjectSubPage } from '../components/project-guard';
import type { ProjectView } from '../hooks/use-project-view';
import { formErrorsOf } from '../model/form-errors';
import { formatDateTime } from '../model/format';
import { addMembersPath } from '../paths';

/**
 * `/my/projects/{uid}/manage-members`: everyone in the project, grouped as spec §3 says, and the open invitation;
 * owner, substitute and admins change them, anyone else sees the list.
 */
export function ManageMembersPage() {
  const { t } = useI18n();
  return (
    <MuiScope>
      <DocumentTitle title={t('page.manageMembers')} />
      <ProjectSubPage title={t('page.manageMembers')}>{(view) => <Members view={view} />}</ProjectSubPage>
    </MuiScope>
  );
}

type Change =
  | { kind: 'remove'; member: ProjectMember }
  | { kind: 'makeSubstitute'; member: ProjectMember }
  | { kind: 'removeSubstitute'; member: ProjectMember }
  | { kind: 'removeFae'; member: ProjectMember }
  | { kind: 'revokeInvitation' };
type MemberChange = Exclude<Change, { kind: 'revokeInvitation' }>;

function Members({ view }: { view: ProjectView }) {
  const { t } = useI18n();
  const { project, user } = view;
  const manages = view.actions.includes('manageMembers');
  const groups = groupProjectMembers(project.members);
  const [change, setChange] = useState<Change | null>(null);

  const sections: {
    title: MessageKey;
    people: ProjectMember[];
    actions?: (member: ProjectMember) => MemberChange[];
  }[] = [
    { title: 'members.group.owner', people: groups.owner ? [groups.owner] : [] },
    {
      title: 'members.group.substitute',
      people: groups.substitute ? [groups.substitute] : [],
      actions: (member) => [{ kind: 'removeSubstitute', member }],
    },
    {
      title: 'members.group.fae',
      people: groups.fae ? [groups.fae] : [],
      actions: (member) => [{ kind: 'removeFae', member }],
    },
    {
      title: 'members.group.members',
      people: groups.members,
      actions: (member) => [
        { kind: 'makeSubstitute', member },
        { kind: 'remove', member },
      ],
    },
    { title: 'members.group.companySpaceFaes', people: groups.companySpaceFaes },
    { title: 'members.group.companySpaceAdmins', people: groups.companySpaceAdmins },
    { title: 'members.group.viewers', people: groups.viewers },
  ];

  return (
    <Stack spacing={3} sx={{ maxWidth: '52rem' }}>
      {manages && (
        <Box>
          <Button
            component={RouterLink}
            to={addMembersPath(project.uuid)}
            variant="contained"
            startIcon={<PersonAdd />}
          >
            {t('members.add')}
          </Button>
        </Box>
      )}
      {!manages && <Alert severity="info">{t('members.readOnly')}</Alert>}

      {sections
        .filter((section) => section.people.length > 0 || section.title === 'members.group.members')
        .map((section) => (
          <Paper
            key={section.title}
            component="section"
            variant="outlined"
            aria-label={t(section.title)}
            sx={{ p: 2 }}
          >
            <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {t(section.title)}
            </Typography>
            {section.people.length === 0 ? (
              <Typography color="text.secondary">{t('members.none')}</Typography>
            ) : (
              <List disablePadding>
                {section.people.map((member) => (
                  <ListItem
                    key={member.id}
                    disableGutters
                    divider
                    sx={{ flexWrap: 'wrap', gap: 1 }}
                    secondaryAction={undefined}
                  >
                    <ListItemText
                      primary={member.email}
                      secondary={sameEmail(member.email, user.email) ? t('members.you') : undefined}
                      sx={{ flex: '1 1 14rem' }}
                    />
                    {manages && project.status !== 'cancelled' && section.actions && (
                      <Stack direction="row" spacing={1}>
                        {section.actions(member).map((action) => (
                          <Button
                            key={action.kind}
                            size="small"
                            color={action.kind === 'makeSubstitute' ? 'primary' : 'error'}
                            onClick={() => setChange(action)}
                            aria-label={t(`members.action.${action.kind}Of`, { email: member.email })}
                          >
                            {t(`members.action.${action.kind}`)}
                          </Button>
                        ))}
                      </Stack>
                    )}
                    {manages &&
                      project.status === 'cancelled' &&
                      section.title === 'members.group.members' && (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setChange({ kind: 'remove', member })}
                          aria-label={t('members.action.removeOf', { email: member.email })}
                        >
                          {t('members.action.remove')}
                        </Button>
                      )}
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        ))}

      {manages && (
        <InvitationCard project={project} onRevoke={() => setChange({ kind: 'revokeInvitation' })} />
      )}

      {change && <ChangeDialog view={view} change={change} onClose={() => setChange(null)} />}
    </Stack>
  );
}

/** The open invitation link, with its expiry, a copy button and revoke. */
function InvitationCard({ project, onRevoke }: { project: Project; onRevoke: () => void }) {
  const { t, locale } = useI18n();
  const { notifications } = usePortal();
  const invitation = project.invitation;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="members-invitation" sx={{ p: 2 }}>
      <Typography id="members-invitation" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {t('members.invitation.title')}
      </Typography>
      {!invitation || invitation.status !== 'active' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography color="text.secondary">
            {invitation ? t('members.invitation.expired') : t('members.invitation.none')}
          </Typography>
          <Button component={RouterLink} to={addMembersPath(project.uuid)}>
            {t('members.invitation.create')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <TextField
            label={t('members.invitation.link')}
            value={invitation.link}
            size="small"
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
          <Typography color="text.secondary">
            {t('members.invitation.expires', { date: formatDateTime(invitation.expiresAt, locale) })}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              startIcon={<ContentCopy />}
              onClick={() =>
                void navigator.clipboard
                  .writeText(invitation.link)
                  .then(() =>
                    notifications.notify({ kind: 'success', title: key('members.invitation.copied') }),
                  )
              }
            >
              {t('members.invitation.copy')}
            </Button>
            <Button color="error" onClick={onRevoke}>
              {t('members.invitation.revoke')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

const CHANGE_TEXTS: Record<
  Change['kind'],
  { title: MessageKey; text: MessageKey; confirm: MessageKey; done: MessageKey }
> = {
  remove: {
    title: 'members.remove.title',
    text: 'members.remove.text',
    confirm: 'members.remove.confirm',
    done: 'members.remove.done',
  },
  makeSubstitute: {
    title: 'members.makeSubstitute.title',
    text: 'members.makeSubstitute.text',
    confirm: 'members.makeSubstitute.confirm',
    done: 'members.makeSubstitute.done',
  },
  removeSubstitute: {
    title: 'members.removeSubstitute.title',
    text: 'members.removeSubstitute.text',
    confirm: 'members.removeSubstitute.confirm',
    done: 'members.removeSubstitute.done',
  },
  removeFae: {
    title: 'members.removeFae.title',
    text: 'members.removeFae.text',
    confirm: 'members.removeFae.confirm',
    done: 'members.removeFae.done',
  },
  revokeInvitation: {
    title: 'members.invitation.revokeTitle',
    text: 'members.invitation.revokeText',
    confirm: 'members.invitation.revoke',
    done: 'members.invitation.revoked',
  },
};

/** Asks before a change to the project's people, then makes it; removing one's own role asks twice (spec §5). */
function ChangeDialog({ view, change, onClose }: { view: ProjectView; change: Change; onClose: () => void }) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const { project, user } = view;
  const mutation = useProjectMutation(project.uuid, (api): Promise<unknown> => {
    switch (change.kind) {
      case 'remove':
        return removeMember(api, project.uuid, change.member.id);
      case 'makeSubstitute':
        return setSubstitute(api, project.uuid, change.member.email);
      case 'removeSubstitute':
        return removeSubstitute(api, project.uuid);
      case 'removeFae':
        return removeFae(api, project.uuid);
      case 'revokeInvitation':
        return revokeInvitation(api, project.uuid, project.invitation!.id);
    }
  });
  const texts = CHANGE_TEXTS[change.kind];
  const email = 'member' in change ? change.member.email : '';
  const ownRole = 'member' in change && change.kind !== 'makeSubstitute' && sameEmail(email, user.email);
  return (
    <ConfirmDialog
      open
      title={t(texts.title)}
      confirmLabel={t(texts.confirm)}
      destructive={change.kind !== 'makeSubstitute'}
      pending={mutation.isPending}
      errors={mutation.error ? formErrorsOf(mutation.error) : null}
      extraConfirmation={ownRole ? t('members.ownRoleConfirmation') : undefined}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(undefined, {
          onSuccess: () => {
            notifications.notify({ kind: 'success', title: key(texts.done, { email }) });
            onClose();
          },
        })
      }
    >
      {t(texts.text, { email, name: project.name })}
    </ConfirmDialog>
  );
}

import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { newOwnerEmailSchema, type Project, type ProjectCancelAction } from '@portal/resources';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key } from '../../../notifications/notification-store';
import { paths } from '../../../paths';
import {
  cancelProject,
  deleteProject,
  leaveProject,
  transferOwnership,
  useProjectMutation,
} from '../api/project';
import { fieldError, formErrorsOf } from '../model/form-errors';
import type { ProjectAction } from '../model/project-actions';
import { issueOf } from '../model/validate';
import { editProjectPath, manageMembersPath, manageNotificationsPath } from '../paths';
import { ConfirmDialog } from './confirm-dialog';

type DialogAction = Exclude<ProjectAction, 'edit' | 'manageMembers' | 'notifications'>;

const LINKS: Partial<Record<ProjectAction, (uid: string) => string>> = {
  edit: editProjectPath,
  manageMembers: manageMembersPath,
  notifications: manageNotificationsPath,
};

/** Destructive or far-reaching entries sit below a divider. */
const AFTER_DIVIDER: readonly ProjectAction[] = ['requestCancellation', 'leave'];

/**
 * The project's actions dropdown (spec product §2.2): the entries the user's project role allows; pages open as
 * links, the rest ask first in a dialog (spec: confirm destructive actions).
 */
export function ProjectActionsMenu({
  project,
  actions,
}: {
  project: Project;
  actions: readonly ProjectAction[];
}) {
  const { t } = useI18n();
  const menuId = useId();
  const buttonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  if (actions.length === 0) return null;
  const close = () => setAnchor(null);
  let dividerShown = false;
  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('project.actions.button')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {actions.flatMap((action) => {
          const link = LINKS[action];
          const entries = [];
          if (!dividerShown && AFTER_DIVIDER.includes(action)) {
            dividerShown = true;
            entries.push(<Divider key="divider" />);
          }
          entries.push(
            link ? (
              <MenuItem key={action} component={RouterLink} to={link(project.uuid)} onClick={close}>
                {t(`project.actions.${action}`)}
              </MenuItem>
            ) : (
              <MenuItem
                key={action}
                onClick={() => {
                  close();
                  setDialog(action as DialogAction);
                }}
                sx={action === 'delete' ? { color: 'error.main' } : undefined}
              >
                {t(`project.actions.${action}`)}
              </MenuItem>
            ),
          );
          return entries;
        })}
      </Menu>
      {dialog === 'transferOwnership' ? (
        <TransferOwnershipDialog project={project} onClose={() => setDialog(null)} />
      ) : dialog === 'delete' || dialog === 'leave' ? (
        <LeaveOrDeleteDialog project={project} action={dialog} onClose={() => setDialog(null)} />
      ) : dialog ? (
        <CancellationDialog
          project={project}
          action={CANCEL_ACTIONS[dialog]}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}

const CANCEL_ACTIONS: Record<
  'requestCancellation' | 'acceptCancellation' | 'rejectCancellation',
  ProjectCancelAction
> = {
  requestCancellation: 'request',
  acceptCancellation: 'accept',
  rejectCancellation: 'reject',
};

const CANCEL_TEXTS: Record<
  ProjectCancelAction,
  { title: MessageKey; text: MessageKey; confirm: MessageKey; done: MessageKey }
> = {
  request: {
    title: 'project.cancel.request.title',
    text: 'project.cancel.request.text',
    confirm: 'project.cancel.request.confirm',
    done: 'project.cancel.request.done',
  },
  accept: {
    title: 'project.cancel.accept.title',
    text: 'project.cancel.accept.text',
    confirm: 'project.cancel.accept.confirm',
    done: 'project.cancel.accept.done',
  },
  reject: {
    title: 'project.cancel.reject.title',
    text: 'project.cancel.reject.text',
    confirm: 'project.cancel.reject.confirm',
    done: 'project.cancel.reject.done',
  },
};

function CancellationDialog({
  project,
  action,
  onClose,
}: {
  project: Project;
  action: ProjectCancelAction;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const texts = CANCEL_TEXTS[action];
  const mutation = useProjectMutation(project.uuid, (api) => cancelProject(api, project.uuid, action));
  return (
    <ConfirmDialog
      open
      title={t(texts.title)}
      confirmLabel={t(texts.confirm)}
      destructive={action !== 'reject'}
      pending={mutation.isPending}
      errors={mutation.error ? formErrorsOf(mutation.error) : null}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(undefined, {
          onSuccess: () => {
            notifications.notify({ kind: 'success', title: key(texts.done, { name: project.name }) });
            onClose();
          },
        })
      }
    >
      {t(texts.text, { name: project.name })}
    </ConfirmDialog>
  );
}

function LeaveOrDeleteDialog({
  project,
  action,
  onClose,
}: {
  project: Project;
  action: 'leave' | 'delete';
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const navigate = useNavigate();
  const mutation = useProjectMutation(
    project.uuid,
    (api): Promise<unknown> =>
      action === 'delete' ? deleteProject(api, project.uuid) : leaveProject(api, project.uuid),
    { removesAccess: true },
  );
  return (
    <ConfirmDialog
      open
      title={t(`project.${action}.title`)}
      confirmLabel={t(`project.${action}.confirm`)}
      destructive
      pending={mutation.isPending}
      errors={mutation.error ? formErrorsOf(mutation.error) : null}
      onClose={onClose}
      onConfirm={async () => {
        // Awaited rather than a `mutate` callback: losing access unmounts this page (its queries refetch and
        // fail) before such a callback would run, and the notice and the way out would be lost with it.
        try {
          await mutation.mutateAsync(undefined);
        } catch {
          return; // shown in the dialog from mutation.error
        }
        notifications.notify({
          kind: 'success',
          title: key(`project.${action}.done`, { name: project.name }),
        });
        void navigate(paths.myProjects, { replace: true });
      }}
    >
      {t(`project.${action}.text`, { name: project.name })}
    </ConfirmDialog>
  );
}

function TransferOwnershipDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState<string | undefined>();
  const mutation = useProjectMutation(project.uuid, (api, newOwner: string) =>
    transferOwnership(api, project.uuid, newOwner),
  );
  const errors = mutation.error ? formErrorsOf(mutation.error, { 'newProjectOwner.email': 'email' }) : null;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const issue = issueOf(
      newOwnerEmailSchema({ owner: project.owner.email, substitute: project.substitute?.email }),
      email.trim(),
    );
    setChecked(issue);
    if (issue) return;
    mutation.mutate(email.trim(), {
      onSuccess: () => {
        notifications.notify({
          kind: 'success',
          title: key('project.transfer.done', { email: email.trim() }),
        });
        onClose();
      },
    });
  };
  const message = checked ?? fieldError(errors, 'email');
  return (
    <ConfirmDialog
      open
      title={t('project.transfer.title')}
      confirmLabel={t('project.transfer.confirm')}
      pending={mutation.isPending}
      errors={errors}
      onClose={onClose}
      onConfirm={() => submit()}
    >
      <form onSubmit={submit} noValidate>
        {t('project.transfer.text', { name: project.name })}
        <TextField
          autoFocus
          fullWidth
          type="email"
          margin="normal"
          label={t('project.transfer.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!message}
          helperText={message ?? t('project.transfer.help')}
          required
        />
      </form>
    </ConfirmDialog>
  );
}

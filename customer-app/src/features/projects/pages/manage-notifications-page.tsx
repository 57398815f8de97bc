import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_SETTING_TYPES, type NotificationSetting } from '@portal/resources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { errorNotice } from '../../../notifications/error-notice';
import { key } from '../../../notifications/notification-store';
import { notificationSettingsQuery, updateNotificationSetting } from '../api/notifications';
import { projectKeys } from '../api/query-keys';
import { LoadError, LoadingBlock } from '../components/load-state';
import { ProjectSubPage } from '../components/project-guard';
import type { ProjectView } from '../hooks/use-project-view';

/**
 * `/my/projects/{uid}/manage-notifications`: which project events the user is mailed about (spec §3: project
 * status change, design-in status change, asset upload; a missing setting counts as enabled). Each switch saves
 * at once; a refused change switches back and says why.
 */
export function ManageNotificationsPage() {
  const { t } = useI18n();
  return (
    <MuiScope>
      <DocumentTitle title={t('page.manageNotifications')} />
      <ProjectSubPage title={t('page.manageNotifications')}>
        {(view) => <Settings view={view} />}
      </ProjectSubPage>
    </MuiScope>
  );
}

function Settings({ view }: { view: ProjectView }) {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
  const projectId = view.project.uuid;
  const queryKey = projectKeys.notifications(projectId);
  const settings = useQuery(notificationSettingsQuery(api, projectId));
  // What the user just chose, shown at once (set in the click's own event) until the server has answered.
  const [chosen, setChosen] = useState<Partial<Record<NotificationSetting['type'], boolean>>>({});
  const update = useMutation({
    mutationFn: (setting: NotificationSetting) => updateNotificationSetting(api, projectId, setting),
    meta: { silent: true },
    onMutate: async (setting) => {
      const before = queryClient.getQueryData<NotificationSetting[]>(queryKey);
      // A type the user never set is missing from the list (it counts as enabled): add it, not only replace it.
      const optimistic = (current: NotificationSetting[] | undefined) => [
        ...(current ?? []).filter((entry) => entry.type !== setting.type),
        setting,
      ];
      // At once, so the switch moves with the click; again after cancelling a refetch that may restore older data.
      queryClient.setQueryData<NotificationSetting[]>(queryKey, optimistic);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<NotificationSetting[]>(queryKey, optimistic);
      return { before };
    },
    onError: (error, _setting, context) => {
      queryClient.setQueryData(queryKey, context?.before);
      notifications.notify(errorNotice(error));
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      notifications.notify({ kind: 'success', title: key('project.notifications.saved') });
    },
    onSettled: (_answer, _error, setting) => setChosen(({ [setting.type]: _done, ...others }) => others),
  });

  if (settings.isPending) return <LoadingBlock label={t('project.notifications.loading')} />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  const enabled = (type: NotificationSetting['type']) =>
    chosen[type] ?? settings.data.find((setting) => setting.type === type)?.enabled ?? true;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="notification-settings"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: '40rem' }}
    >
      <Typography id="notification-settings" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('project.notifications.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('project.notifications.intro', { name: view.project.name })}
      </Typography>
      <FormGroup>
        {NOTIFICATION_SETTING_TYPES.map((type) => (
          <div key={type}>
            <FormControlLabel
              control={
                <Switch
                  checked={enabled(type)}
                  onChange={(event) => {
                    const on = event.target.checked;
                    setChosen((current) => ({ ...current, [type]: on }));
                    update.mutate({ type, enabled: on });
                  }}
                  slotProps={{ input: { 'aria-describedby': `notification-${type}-help` } }}
                />
              }
              label={t(`project.notifications.type.${type}`)}
            />
            <FormHelperText id={`notification-${type}-help`} sx={{ mt: -0.5, mb: 1.5, ml: 6 }}>
              {t(`project.notifications.help.${type}`)}
            </FormHelperText>
          </div>
        ))}
      </FormGroup>
    </Paper>
  );
}

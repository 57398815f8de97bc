import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PROJECT_DESCRIPTION_MAX_LENGTH,
  projectGroupSchema,
  projectNameSchema,
  PROJECT_NAME_MAX_LENGTH,
} from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key } from '../../../notifications/notification-store';
import { updateProject, useProjectMutation } from '../api/project';
import { projectGroupsQuery } from '../api/project-list';
import { FormErrorAlert } from '../components/form-error-alert';
import { ProjectSubPage } from '../components/project-guard';
import type { ProjectView } from '../hooks/use-project-view';
import { useFocusFieldError } from '../hooks/use-focus-field-error';
import { fieldError, formErrorsOf } from '../model/form-errors';
import { issueOf, withoutEmpty } from '../model/validate';
import { projectPath } from '../paths';

/** `/my/projects/{uid}/edit`: name, description and group (owner, substitute, admins). */
export function EditProjectPage() {
  const { t } = useI18n();
  return (
    <MuiScope>
      <DocumentTitle title={t('page.editProject')} />
      <ProjectSubPage title={t('page.editProject')} allowed={(view) => view.actions.includes('edit')}>
        {(view) => <EditForm view={view} />}
      </ProjectSubPage>
    </MuiScope>
  );
}

function EditForm({ view }: { view: ProjectView }) {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const navigate = useNavigate();
  const { project } = view;
  const groups = useQuery(projectGroupsQuery(api));
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description ?? '');
  const [group, setGroup] = useState(project.group ?? '');
  const [checked, setChecked] = useState<Record<string, string>>({});
  const save = useProjectMutation(project.uuid, updateProject);
  const serverErrors = save.error
    ? formErrorsOf(save.error, { name: 'name', description: 'description', group: 'group' })
    : null;
  useFocusFieldError(save.error, serverErrors, 'edit-');
  const errorOf = (field: string) => checked[field] ?? fieldError(serverErrors, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = withoutEmpty({
      name: issueOf(projectNameSchema, name),
      description:
        description.length > PROJECT_DESCRIPTION_MAX_LENGTH
          ? t('registration.descriptionTooLong', { max: PROJECT_DESCRIPTION_MAX_LENGTH })
          : undefined,
      group: group.trim() ? issueOf(projectGroupSchema, group.trim()) : undefined,
    });
    setChecked(errors);
    save.reset();
    if (Object.keys(errors).length) {
      document.getElementById(`edit-${Object.keys(errors)[0]}`)?.focus();
      return;
    }
    save.mutate(
      {
        uuid: project.uuid,
        name: name.trim(),
        // Emptied fields are removed (null), not left as they were.
        description: description.trim() || null,
        group: group.trim() || null,
      },
      {
        onSuccess: async (saved) => {
          notifications.notify({ kind: 'success', title: key('project.edit.saved', { name: saved.name }) });
          await navigate(projectPath(project.uuid));
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: '40rem' }}>
      <FormErrorAlert errors={serverErrors} />
      <Stack spacing={2.5}>
        <TextField
          id="edit-name"
          label={t('projects.field.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={!!errorOf('name')}
          helperText={errorOf('name') ?? t('registration.nameHelp')}
          required
          slotProps={{ htmlInput: { maxLength: PROJECT_NAME_MAX_LENGTH } }}
        />
        <TextField
          id="edit-description"
          label={t('projects.field.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={!!errorOf('description')}
          helperText={errorOf('description')}
          multiline
          minRows={3}
        />
        <Autocomplete
          freeSolo
          options={groups.data ?? []}
          inputValue={group}
          onInputChange={(_event, value) => setGroup(value)}
          renderInput={(params) => (
            <TextField
              {...params}
              id="edit-group"
              label={t('projects.field.group')}
              error={!!errorOf('group')}
              helperText={errorOf('group') ?? t('registration.groupHelp')}
            />
          )}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t('project.edit.saving') : t('project.edit.save')}
        </Button>
        <Button component={RouterLink} to={projectPath(project.uuid)}>
          {t('project.dialog.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_ESIM_SERIAL_NUMBER,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  projectNameSchema,
  type Project,
  PROJECT_NAME_MAX_LENGTH,
} from '@portal/resources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key } from '../../../notifications/notification-store';
import { paths } from '../../../paths';
import { esimProfileQuery } from '../api/esim';
import { projectKeys } from '../api/query-keys';
import { registerProject } from '../api/registration';
import { EsimProfileCard } from '../components/esim-profile-card';
import { FormErrorAlert } from '../components/form-error-alert';
import { LoadError, LoadingBlock } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { ServiceAgreement } from '../components/service-agreement';
import { useFocusFieldError } from '../hooks/use-focus-field-error';
import { fieldError, formErrorsOf } from '../model/form-errors';
import { issueOf, withoutEmpty } from '../model/validate';
import { projectPath } from '../paths';

/**
 * `/my/projects/create/eSim`: registers the eSIM evaluation board, which hands out an eSIM profile, and shows the
 * profile with the QR code a device scans to install it. A user who has a profile sees it at once.
 */
export function CreateEsimProjectPage() {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
  const profile = useQuery(esimProfileQuery(api));
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [agreement, setAgreement] = useState(false);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [registered, setRegistered] = useState<Project | null>(null);

  const register = useMutation({
    // The eSIM board is the board whose own serial number is the eSIM serial number.
    mutationFn: () =>
      registerProject(
        api,
        { board: DEFAULT_ESIM_SERIAL_NUMBER, name: name.trim(), description: description.trim() || null },
        true,
      ),
    meta: { silent: true },
    onSuccess: async (project) => {
      setRegistered(project);
      queryClient.setQueryData(projectKeys.detail(project.uuid), project);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.esimProfile() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
      ]);
      notifications.notify({
        kind: 'success',
        title: key('registration.registered', { name: project.name }),
      });
    },
  });
  const serverErrors = register.error
    ? formErrorsOf(register.error, {
        name: 'name',
        description: 'description',
        acceptServiceAgreement: 'agreement',
      })
    : null;
  useFocusFieldError(register.error, serverErrors, 'esim-');
  const errorOf = (field: string) => checked[field] ?? fieldError(serverErrors, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = withoutEmpty({
      name: issueOf(projectNameSchema, name),
      description:
        description.length > PROJECT_DESCRIPTION_MAX_LENGTH
          ? t('registration.descriptionTooLong', { max: PROJECT_DESCRIPTION_MAX_LENGTH })
          : undefined,
      agreement: agreement ? undefined : t('registration.agreement.required'),
    });
    setChecked(errors);
    register.reset();
    if (Object.keys(errors).length) {
      document.getElementById(`esim-${Object.keys(errors)[0]}`)?.focus();
      return;
    }
    register.mutate();
  };

  return (
    <MuiScope>
      <DocumentTitle title={t('page.createEsimProject')} />
      <PageHeading
        title={t('page.createEsimProject')}
        back={{ to: paths.myProjects, label: t('nav.myProjects') }}
        subtitle={t('esim.intro')}
      />
      <Stack spacing={4} sx={{ maxWidth: '44rem' }}>
        {profile.isPending ? (
          <LoadingBlock label={t('esim.loading')} lines={2} />
        ) : profile.isError ? (
          <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          profile.data && (
            <Box>
              {registered && (
                <Typography sx={{ mb: 2 }}>
                  {t('esim.registered')}{' '}
                  <Link component={RouterLink} to={projectPath(registered.uuid)}>
                    {registered.name}
                  </Link>
                </Typography>
              )}
              <EsimProfileCard profile={profile.data} />
            </Box>
          )
        )}
        {!registered && (
          <Box component="form" noValidate onSubmit={submit} aria-labelledby="esim-register">
            <Typography id="esim-register" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
              {profile.data ? t('esim.registerAnother') : t('esim.register')}
            </Typography>
            <FormErrorAlert errors={serverErrors} />
            <Stack spacing={2.5}>
              <TextField
                id="esim-name"
                label={t('projects.field.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={!!errorOf('name')}
                helperText={errorOf('name') ?? t('registration.nameHelp')}
                required
                slotProps={{ htmlInput: { maxLength: PROJECT_NAME_MAX_LENGTH } }}
              />
              <TextField
                id="esim-description"
                label={t('projects.field.description')}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                error={!!errorOf('description')}
                helperText={errorOf('description')}
                multiline
                minRows={2}
              />
              <Box id="esim-agreement" tabIndex={-1}>
                <ServiceAgreement accepted={agreement} onChange={setAgreement} error={errorOf('agreement')} />
              </Box>
            </Stack>
            <Button
              type="submit"
              variant="contained"
              sx={{ mt: 3 }}
              disabled={register.isPending}
              aria-busy={register.isPending}
            >
              {register.isPending ? t('registration.registering') : t('esim.submit')}
            </Button>
          </Box>
        )}
      </Stack>
    </MuiScope>
  );
}

import QrCode2 from '@mui/icons-material/QrCode2';
import Videocam from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PROJECT_DESCRIPTION_MAX_LENGTH,
  SUBSTITUTE_IS_OWNER_MESSAGE,
  emailSchema,
  projectBoardReferenceSchema,
  projectGroupSchema,
  projectNameSchema,
  registrationSerialNumberSchema,
  sameEmail,
  type ProjectCreatePayload,
  PROJECT_NAME_MAX_LENGTH,
} from '@portal/resources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key } from '../../../notifications/notification-store';
import { createProjectPath, loginPath, paths } from '../../../paths';
import { useCurrentUser } from '../../../session/current-user';
import { projectGroupsQuery } from '../api/project-list';
import { projectKeys } from '../api/query-keys';
import { registerProject } from '../api/registration';
import { FormErrorAlert } from '../components/form-error-alert';
import { PageHeading } from '../components/page-heading';
import { ServiceAgreement } from '../components/service-agreement';
import { useFocusFieldError } from '../hooks/use-focus-field-error';
import { fieldError, formErrorsOf, hasCode, type FormErrors } from '../model/form-errors';
import { serialFromScannedText } from '../model/scanned-code';
import { issueOf, withoutEmpty } from '../model/validate';
import { projectPath, type RegistrationTab } from '../paths';
import { QrImageInput } from '../qr/qr-image-input';

interface Draft {
  serial: string;
  /** Registration by product or board name, for products without a serial number. */
  byName: boolean;
  boardName: string;
  name: string;
  description: string;
  group: string;
  substitute: string;
  fae: string;
  agreement: boolean;
}

/**
 * `/my/projects/create` ("Register product"): by serial number (typed, or scanned from the label) or product name;
 * prefilled from `?board=` (a printed QR code's link) or `?scanned=` (the camera scan).
 */
export function CreateProjectPage() {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const { data: user } = useCurrentUser();
  const groups = useQuery(projectGroupsQuery(api));

  const scanned = search.get('scanned');
  const scannedSerial = scanned === null ? null : serialFromScannedText(scanned);
  const tab: RegistrationTab = search.get('tab') === 'qr' || scanned !== null ? 'qr' : 'serial';
  const [draft, setDraft] = useState<Draft>(() => ({
    serial: search.get('board')?.trim() ?? '',
    byName: false,
    boardName: '',
    name: '',
    description: '',
    group: '',
    substitute: '',
    fae: '',
    agreement: false,
  }));
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [qrMessage, setQrMessage] = useState<string | null>(null);
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const boardField = tab === 'qr' ? 'scanned' : draft.byName ? 'boardName' : 'serial';
  const board =
    tab === 'qr' ? (scannedSerial ?? '') : draft.byName ? draft.boardName.trim() : draft.serial.trim();

  const register = useMutation({
    mutationFn: (payload: ProjectCreatePayload) => registerProject(api, payload, true),
    meta: { silent: true },
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(project.uuid), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      notifications.notify({
        kind: 'success',
        title: key('registration.registered', { name: project.name }),
      });
      await navigate(projectPath(project.uuid));
    },
  });
  const serverErrors: FormErrors | null = register.error
    ? formErrorsOf(register.error, {
        board: boardField,
        name: 'name',
        description: 'description',
        group: 'group',
        substitute: 'substitute',
        fae: 'fae',
        acceptServiceAgreement: 'agreement',
      })
    : null;
  useFocusFieldError(register.error, serverErrors, 'register-');
  const errorOf = (field: string) => checked[field] ?? fieldError(serverErrors, field);

  const validate = (): Record<string, string> =>
    withoutEmpty({
      [boardField]:
        tab === 'qr'
          ? scannedSerial
            ? undefined
            : t('registration.scanFirst')
          : issueOf(draft.byName ? projectBoardReferenceSchema : registrationSerialNumberSchema, board),
      name: issueOf(projectNameSchema, draft.name),
      description:
        draft.description.length > PROJECT_DESCRIPTION_MAX_LENGTH
          ? t('registration.descriptionTooLong', { max: PROJECT_DESCRIPTION_MAX_LENGTH })
          : undefined,
      group: draft.group.trim() ? issueOf(projectGroupSchema, draft.group.trim()) : undefined,
      substitute: draft.substitute.trim()
        ? (issueOf(emailSchema, draft.substitute.trim()) ??
          (sameEmail(draft.substitute, user?.email) ? SUBSTITUTE_IS_OWNER_MESSAGE : undefined))
        : undefined,
      fae: draft.fae.trim() ? issueOf(emailSchema, draft.fae.trim()) : undefined,
      agreement: draft.agreement ? undefined : t('registration.agreement.required'),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validate();
    setChecked(errors);
    register.reset();
    if (Object.keys(errors).length) {
      // The first field at fault takes the focus, so its message is read out.
      const first = Object.keys(errors)[0];
      document.getElementById(`register-${first}`)?.focus();
      return;
    }
    register.mutate({
      board,
      name: draft.name.trim(),
      description: draft.description.trim() || null,
      group: draft.group.trim() || null,
      substitute: draft.substitute.trim() || null,
      fae: draft.fae.trim() || null,
    });
  };

  const selectTab = (next: RegistrationTab) => {
    const query = new URLSearchParams(search);
    query.delete('scanned');
    if (next === 'qr') query.set('tab', 'qr');
    else query.delete('tab');
    setChecked({});
    register.reset();
    setSearch(query, { replace: true });
  };

  const stepUp = hasCode(serverErrors, 'missing_multifactor_auth') ? (
    <Button
      component={RouterLink}
      to={loginPath({ mfa: true, redirectTo: board ? createProjectPath(board) : paths.createProject })}
      color="inherit"
      size="small"
    >
      {t('registration.stepUp')}
    </Button>
  ) : undefined;

  return (
    <MuiScope>
      <DocumentTitle title={t('page.createProject')} />
      <PageHeading
        title={t('page.createProject')}
        back={{ to: paths.myProjects, label: t('nav.myProjects') }}
        subtitle={t('registration.intro')}
      />
      <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: '44rem' }}>
        <FormErrorAlert errors={serverErrors} action={stepUp} />
        <Paper variant="outlined" sx={{ mb: 3 }}>
          <Tabs
            value={tab}
            onChange={(_event, value: RegistrationTab) => selectTab(value)}
            aria-label={t('registration.tabs')}
            variant="fullWidth"
          >
            <Tab
              value="serial"
              label={t('registration.tab.serial')}
              id="register-tab-serial"
              aria-controls="register-panel-serial"
            />
            <Tab
              value="qr"
              label={t('registration.tab.qr')}
              id="register-tab-qr"
              aria-controls="register-panel-qr"
            />
          </Tabs>
          <Box
            role="tabpanel"
            id={`register-panel-${tab}`}
            aria-labelledby={`register-tab-${tab}`}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            {tab === 'serial' ? (
              <Stack spacing={2}>
                {draft.byName ? (
                  <TextField
                    id="register-boardName"
                    label={t('registration.boardName')}
                    value={draft.boardName}
                    onChange={(event) => change({ boardName: event.target.value })}
                    error={!!errorOf('boardName')}
                    helperText={errorOf('boardName') ?? t('registration.boardNameHelp')}
                    required
                    autoComplete="off"
                  />
                ) : (
                  <TextField
                    id="register-serial"
                    label={t('registration.serial')}
                    value={draft.serial}
                    onChange={(event) => change({ serial: event.target.value })}
                    error={!!errorOf('serial')}
                    helperText={errorOf('serial') ?? t('registration.serialHelp')}
                    required
                    autoComplete="off"
                    slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
                  />
                )}
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={draft.byName}
                      onChange={(event) => {
                        change({ byName: event.target.checked });
                        setChecked({});
                        register.reset();
                      }}
                    />
                  }
                  label={t('registration.noSerial')}
                />
              </Stack>
            ) : (
              <Stack spacing={2}>
                {scanned !== null ? (
                  <TextField
                    id="register-scanned"
                    label={t('registration.scannedSerial')}
                    value={scannedSerial ?? ''}
                    error={!scannedSerial || !!errorOf('scanned')}
                    helperText={errorOf('scanned') ?? (scannedSerial ? undefined : t('qr.notASerialNumber'))}
                    slotProps={{ input: { readOnly: true } }}
                  />
                ) : (
                  <Typography
                    color={errorOf('scanned') ? 'error' : 'text.secondary'}
                    id="register-scanned"
                    tabIndex={-1}
                  >
                    {errorOf('scanned') ?? t('registration.qrIntro')}
                  </Typography>
                )}
                {qrMessage && <Alert severity="warning">{qrMessage}</Alert>}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button
                    component={RouterLink}
                    to={paths.qrCodeScan}
                    variant={scanned === null ? 'contained' : 'outlined'}
                    startIcon={scanned === null ? <Videocam /> : <QrCode2 />}
                  >
                    {scanned === null ? t('registration.scanWithCamera') : t('registration.scanAgain')}
                  </Button>
                  <QrImageInput
                    onDecoded={(text) => {
                      setQrMessage(null);
                      setSearch(new URLSearchParams({ tab: 'qr', scanned: text }), { replace: true });
                    }}
                    onError={setQrMessage}
                  />
                </Stack>
              </Stack>
            )}
          </Box>
        </Paper>

        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {t('registration.details')}
        </Typography>
        <Stack spacing={2.5}>
          <TextField
            id="register-name"
            label={t('projects.field.name')}
            value={draft.name}
            onChange={(event) => change({ name: event.target.value })}
            error={!!errorOf('name')}
            helperText={errorOf('name') ?? t('registration.nameHelp')}
            required
            slotProps={{ htmlInput: { maxLength: PROJECT_NAME_MAX_LENGTH } }}
          />
          <TextField
            id="register-description"
            label={t('projects.field.description')}
            value={draft.description}
            onChange={(event) => change({ description: event.target.value })}
            error={!!errorOf('description')}
            helperText={errorOf('description')}
            multiline
            minRows={2}
          />
          <Autocomplete
            freeSolo
            options={groups.data ?? []}
            inputValue={draft.group}
            onInputChange={(_event, value) => change({ group: value })}
            renderInput={(params) => (
              <TextField
                {...params}
                id="register-group"
                label={t('projects.field.group')}
                error={!!errorOf('group')}
                helperText={errorOf('group') ?? t('registration.groupHelp')}
              />
            )}
          />
          <TextField
            id="register-substitute"
            type="email"
            label={t('registration.substitute')}
            value={draft.substitute}
            onChange={(event) => change({ substitute: event.target.value })}
            error={!!errorOf('substitute')}
            helperText={errorOf('substitute') ?? t('registration.substituteHelp')}
            autoComplete="off"
          />
          <TextField
            id="register-fae"
            type="email"
            label={t('registration.fae')}
            value={draft.fae}
            onChange={(event) => change({ fae: event.target.value })}
            error={!!errorOf('fae')}
            helperText={errorOf('fae') ?? t('registration.faeHelp')}
            autoComplete="off"
          />
          <Box id="register-agreement" tabIndex={-1}>
            <ServiceAgreement
              accepted={draft.agreement}
              onChange={(agreement) => change({ agreement })}
              error={errorOf('agreement')}
            />
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={register.isPending}
            aria-busy={register.isPending}
          >
            {register.isPending ? t('registration.registering') : t('registration.submit')}
          </Button>
          <Button component={RouterLink} to={paths.myProjects}>
            {t('project.dialog.cancel')}
          </Button>
        </Stack>
      </Box>
    </MuiScope>
  );
}

import CheckCircle from '@mui/icons-material/CheckCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PlayCircle from '@mui/icons-material/PlayCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type {
  DipAsset,
  DipProcess,
  DipProjectStep,
  DipResolverRole,
  Project,
  WorkflowStatus,
} from '@portal/resources';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useI18n } from '../../../../i18n/i18n';
import { usePortal } from '../../../../lib/portal-context';
import { key } from '../../../../notifications/notification-store';
import { useCurrentUser } from '../../../../session/current-user';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError, LoadingBlock } from '../../components/load-state';
import { formatDateTime } from '../../model/format';
import { rolesInProject } from '../../model/project-actions';
import { projectPath } from '../../paths';
import { completeStep, resetProcess } from '../api/dip-api';
import { useDipMutation, useDipProcess } from '../hooks/use-dip';
import { dipErrorsOf } from '../model/dip-errors';
import { canDeleteAsset, confirmerOf, type DipViewer } from '../model/permissions';
import { AssetTable } from './asset-table';
import { FileUpload } from './file-upload';
import { RichText } from './rich-text';
import { StepForm, takesFiles } from './step-form';

/**
 * A project's design-in process (spec §3–§5) in the project page: status, steps, the active step's form and files;
 * the server's `can` flags decide what is offered. Renders nothing when the board has no process.
 */
export function DesignInProcess({ project }: { project: Project }) {
  const { t } = useI18n();
  const headingId = useId();
  const { process: processQuery, assets: assetsQuery, noProcess } = useDipProcess(project);
  const user = useCurrentUser();

  if (noProcess) return null;

  const viewer: DipViewer | null = user.data
    ? { ...user.data, projectRoles: rolesInProject(project, user.data) }
    : null;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="design-in-process"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t('dip.title')}
      </Typography>
      {processQuery.isPending ? (
        <LoadingBlock label={t('dip.loading')} lines={4} />
      ) : processQuery.isError ? (
        <LoadError error={processQuery.error} onRetry={() => void processQuery.refetch()} />
      ) : (
        <ProcessView
          process={processQuery.data}
          project={project}
          viewer={viewer}
          assets={assetsQuery.data}
          assetsError={assetsQuery.error}
          retryAssets={() => void assetsQuery.refetch()}
        />
      )}
    </Paper>
  );
}

interface ProcessViewProps {
  process: DipProcess;
  project: Project;
  viewer: DipViewer | null;
  assets: DipAsset[] | undefined;
  assetsError: unknown;
  retryAssets: () => void;
}

function ProcessView({ process, project, viewer, assets, assetsError, retryAssets }: ProcessViewProps) {
  const { t } = useI18n();
  const total = process.steps.length;
  const active = process.steps.find((step) => step.id === process.activeStepId);
  const canDelete = (asset: DipAsset) => !!viewer && canDeleteAsset(asset, process, viewer, project.status);

  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        {process.workflowStatus && <WorkflowChip status={process.workflowStatus} />}
        <Typography color="text.secondary">
          {active
            ? t('dip.progress', { current: active.stepNumber, total })
            : t('dip.progressDone', { count: total })}
        </Typography>
      </Stack>

      <FollowUp process={process} viewer={viewer} />

      <Box component="ol" aria-label={t('dip.steps')} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
        {process.steps.map((step) => (
          <li key={step.id}>
            <StepItem
              step={step}
              process={process}
              project={project}
              assets={(assets ?? []).filter((asset) => asset.stepId === step.id)}
              canDelete={canDelete}
            />
          </li>
        ))}
      </Box>

      <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('dip.assets.title')}
      </Typography>
      {assetsError ? (
        <LoadError error={assetsError} onRetry={retryAssets} />
      ) : !assets ? (
        <LoadingBlock label={t('dip.assets.loading')} lines={2} />
      ) : assets.length === 0 ? (
        <Typography color="text.secondary">{t('dip.assets.empty')}</Typography>
      ) : (
        <AssetTable
          projectId={project.uuid}
          assets={assets}
          steps={process.steps}
          canDelete={canDelete}
          caption={t('dip.assets.title')}
          hideCaption
        />
      )}
    </>
  );
}

/** The workflow status of spec §4, for everyone (words, not colour alone). */
function WorkflowChip({ status }: { status: WorkflowStatus }) {
  const { t } = useI18n();
  return (
    <Chip
      data-testid="dip-workflow-status"
      color={status === 'resolved' ? 'success' : 'default'}
      label={`${t('dip.workflow.label')}: ${t(`dip.workflow.${status}`)}`}
    />
  );
}

/** The next board, and once the process is complete, the follow-up project it started. */
function FollowUp({ process, viewer }: { process: DipProcess; viewer: DipViewer | null }) {
  const { t } = useI18n();
  const { followUp, workflowStatus } = process;
  if (workflowStatus !== 'resolved') {
    return followUp ? (
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dip.followUp.next', { board: followUp.nextBoardName })}
      </Typography>
    ) : null;
  }
  if (!followUp) {
    return (
      <Alert severity="success" sx={{ mb: 2 }}>
        {t('dip.followUp.done')}
      </Alert>
    );
  }
  const otherOwner =
    followUp.nextOwnerEmail &&
    viewer &&
    followUp.nextOwnerEmail.toLowerCase() !== viewer.email.toLowerCase() &&
    !viewer.projectRoles.length;
  return (
    <Alert
      severity="success"
      sx={{ mb: 2 }}
      data-testid="dip-follow-up"
      action={
        followUp.projectId && !otherOwner ? (
          <Button component={RouterLink} to={projectPath(followUp.projectId)} color="inherit" size="small">
            {t('dip.followUp.open')}
          </Button>
        ) : undefined
      }
    >
      <div>{t('dip.followUp.done')}</div>
      <div>
        {!followUp.projectId
          ? t('dip.followUp.waiting', { board: followUp.nextBoardName })
          : followUp.nextOwnerEmail
            ? t('dip.followUp.notYours', { board: followUp.nextBoardName, email: followUp.nextOwnerEmail })
            : t('dip.followUp.created', { board: followUp.nextBoardName })}
      </div>
    </Alert>
  );
}

const STATE_ICONS = {
  completed: <CheckCircle aria-hidden="true" color="success" />,
  active: <PlayCircle aria-hidden="true" color="primary" />,
  pending: <RadioButtonUnchecked aria-hidden="true" color="disabled" />,
};

/** Roles in words: "the project owner or the company space admin". */
function useRoleWords() {
  const { t } = useI18n();
  return (roles: readonly DipResolverRole[]) =>
    roles.map((role) => t(`dip.role.${role}`)).reduce((first, second) => t('dip.role.or', { first, second }));
}

interface StepItemProps {
  step: DipProjectStep;
  process: DipProcess;
  project: Project;
  assets: DipAsset[];
  canDelete: (asset: DipAsset) => boolean;
}

/** One step: a disclosure with its number, title, state and who it waits for; the active step starts open. */
function StepItem({ step, process, project, assets, canDelete }: StepItemProps) {
  const { t } = useI18n();
  const [expanded, setExpanded] = useState(step.state === 'active');
  const [shownFor, setShownFor] = useState(step.state);
  // A step that becomes active (after a submission or a reset) opens by itself; a completed one closes, so the
  // page stays short and the next step is in view.
  if (shownFor !== step.state) {
    setShownFor(step.state);
    setExpanded(step.state === 'active');
  }
  const stateText = step.resolved ? t('dip.state.submitted') : t(`dip.state.${step.state}`);
  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, open) => setExpanded(open)}
      disableGutters
      variant="outlined"
      data-testid="dip-step"
      sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
    >
      <AccordionSummary expandIcon={<ExpandMore aria-hidden="true" />}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', width: '100%', pr: 1 }}>
          {STATE_ICONS[step.state]}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="span" sx={{ fontWeight: step.state === 'active' ? 600 : 400 }}>
              {t('dip.step.number', { number: step.stepNumber })}: {step.title}
            </Typography>
            {step.state === 'active' && step.waitingFor && (
              <Typography variant="body2" color="text.secondary">
                {t(`dip.waiting.${step.waitingFor}`)}
              </Typography>
            )}
          </Box>
          <Chip
            size="small"
            variant={step.state === 'active' ? 'filled' : 'outlined'}
            color={step.state === 'completed' ? 'success' : step.state === 'active' ? 'primary' : 'default'}
            label={stateText}
          />
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <StepDetails step={step} process={process} project={project} assets={assets} canDelete={canDelete} />
      </AccordionDetails>
    </Accordion>
  );
}

function StepDetails({ step, process, project, assets, canDelete }: StepItemProps) {
  const { t } = useI18n();
  const roleWords = useRoleWords();
  const files = takesFiles(step.completionType);
  const open = step.state === 'active' && !step.resolved;
  return (
    <Stack spacing={2}>
      {step.description && <RichText html={step.description} />}
      {step.gettingStarted.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h4">
            {t('dip.step.gettingStarted')}
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
            {step.gettingStarted.map((item) => (
              <li key={item.id}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {item.title}
                </Typography>
                {item.description && <RichText html={item.description} />}
              </li>
            ))}
          </Box>
        </Box>
      )}

      {step.state === 'pending' && (
        <Typography color="text.secondary">{t('dip.step.pendingNote')}</Typography>
      )}
      {step.completionType === 'child-project' && <ChildProject step={step} />}
      {step.result && step.state !== 'pending' && <StepResult step={step} />}

      {open && step.confirmationRequired && step.can.resolve && (
        <Typography variant="body2" color="text.secondary">
          {t('dip.step.needsConfirmation', { who: roleWords([confirmerOf(step)]) })}
        </Typography>
      )}
      {step.state === 'active' &&
        !step.can.resolve &&
        !step.can.complete &&
        !(step.completionType === 'child-project' && !step.result?.systemError) && (
          <Typography color="text.secondary">
            {t('dip.step.viewOnly', {
              who: roleWords(step.resolved ? [confirmerOf(step)] : step.resolverRoles),
            })}
          </Typography>
        )}

      {files && step.can.upload && (
        <FileUpload
          projectId={project.uuid}
          step={step}
          target={{
            completionType: step.completionType,
            existingNames: assets.map((asset) => asset.filename),
            acceptedFileTypes: process.acceptedFileTypes,
          }}
        />
      )}
      {files &&
        (step.state !== 'pending' || assets.length > 0) &&
        (assets.length > 0 ? (
          <AssetTable
            projectId={project.uuid}
            assets={assets}
            steps={process.steps}
            canDelete={canDelete}
            showStep={false}
            caption={t('dip.assets.stepFiles')}
          />
        ) : (
          <Typography color="text.secondary">{t('dip.assets.stepEmpty')}</Typography>
        ))}
      {step.completionType === 'file-upload-xml-validation' &&
        open &&
        assets.some((asset) => asset.kind === 'config' && !asset.customerComplete) && (
          <Alert severity="warning">{t('dip.xml.draftHint')}</Alert>
        )}

      {open && step.can.resolve && (step.completionType !== 'child-project' || step.result?.systemError) && (
        <StepForm key={step.result?.resolvedAt ?? 'new'} projectId={project.uuid} step={step} />
      )}
      {(step.can.complete || step.can.reset) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {step.can.complete && <CompleteButton projectId={project.uuid} step={step} />}
          {step.can.reset && <ResetButton projectId={project.uuid} step={step} />}
        </Stack>
      )}
    </Stack>
  );
}

/** What was entered and by whom, when. */
function StepResult({ step }: { step: DipProjectStep }) {
  const { t, locale } = useI18n();
  const result = step.result!;
  const lines: string[] = [];
  // Without a confirmation, submitting completes the step: one line says both.
  const separate = step.confirmationRequired || !result.completedAt;
  if (separate && result.resolvedBy && result.resolvedAt) {
    lines.push(
      t('dip.result.resolved', { email: result.resolvedBy, date: formatDateTime(result.resolvedAt, locale) }),
    );
  }
  if (result.completedAt) {
    lines.push(
      result.completedBy
        ? t('dip.result.completed', {
            email: result.completedBy,
            date: formatDateTime(result.completedAt, locale),
          })
        : t('dip.result.completedBySystem', { date: formatDateTime(result.completedAt, locale) }),
    );
  }
  const facts: [string, string][] = [];
  if (result.value) facts.push([t('dip.result.value'), result.value]);
  if (result.checked) facts.push([t('dip.result.checked'), '✓']);
  if (result.comment) facts.push([t('dip.result.comment'), result.comment]);
  if (!facts.length && !lines.length) return null;
  return (
    <Box>
      {facts.length > 0 && (
        <Box
          component="dl"
          sx={{ m: 0, mb: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          {facts.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {lines.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/** A child-project step: the system made the project (link), failed (why), or will when the step is reached. */
function ChildProject({ step }: { step: DipProjectStep }) {
  const { t } = useI18n();
  const result = step.result;
  if (result?.childProjectId) {
    return (
      <Alert
        severity="success"
        action={
          <Button component={RouterLink} to={projectPath(result.childProjectId)} color="inherit" size="small">
            {t('dip.childProject.open')}
          </Button>
        }
      >
        {t('dip.childProject.created')}
      </Alert>
    );
  }
  if (result?.systemError) {
    return <Alert severity="error">{t('dip.childProject.failed', { error: result.systemError })}</Alert>;
  }
  return <Typography color="text.secondary">{t('dip.childProject.pending')}</Typography>;
}

function CompleteButton({ projectId, step }: { projectId: string; step: DipProjectStep }) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const [open, setOpen] = useState(false);
  const complete = useDipMutation(
    projectId,
    (api) => completeStep(api, projectId, step.id),
    () => {
      setOpen(false);
      notifications.notify({
        kind: 'success',
        title: key('dip.notice.completed', { number: step.stepNumber }),
      });
    },
  );
  return (
    <>
      <Button
        variant="contained"
        onClick={() => {
          complete.reset();
          setOpen(true);
        }}
      >
        {t('dip.complete.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('dip.complete.title', { number: step.stepNumber })}
        confirmLabel={t('dip.complete.confirm')}
        pending={complete.isPending}
        errors={complete.error ? dipErrorsOf(complete.error) : null}
        onClose={() => setOpen(false)}
        onConfirm={() => complete.mutate(undefined)}
      >
        {t('dip.complete.text', { title: step.title })}
      </ConfirmDialog>
    </>
  );
}

function ResetButton({ projectId, step }: { projectId: string; step: DipProjectStep }) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const [open, setOpen] = useState(false);
  const reset = useDipMutation(
    projectId,
    (api) => resetProcess(api, projectId, step.id),
    () => {
      setOpen(false);
      notifications.notify({ kind: 'success', title: key('dip.notice.reset', { number: step.stepNumber }) });
    },
  );
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        onClick={() => {
          reset.reset();
          setOpen(true);
        }}
      >
        {t('dip.reset.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('dip.reset.title', { number: step.stepNumber })}
        confirmLabel={t('dip.reset.confirm')}
        destructive
        pending={reset.isPending}
        errors={reset.error ? dipErrorsOf(reset.error) : null}
        onClose={() => setOpen(false)}
        onConfirm={() => reset.mutate(undefined)}
      >
        {t('dip.reset.text', { title: step.title })}
      </ConfirmDialog>
    </>
  );
}

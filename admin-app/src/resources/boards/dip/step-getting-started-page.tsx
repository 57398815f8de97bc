import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Loading, useBasename, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useApi } from '../../../providers/api-context';
import { boardPagePath } from '../board-actions';
import { boardKey } from '../board-api';
import { BoardPageFrame } from '../board-page-frame';
import { GettingStartedEditor } from '../getting-started-page';

function StepGettingStarted({ boardId, stepNumber }: { boardId: string; stepNumber: number }) {
  const api = useApi();
  const translate = useTranslate();
  const basename = useBasename();
  const { data, isPending } = useQuery({
    queryKey: boardKey(boardId, 'dip-steps'),
    queryFn: ({ signal }) =>
      api.call('GET /boards/:id/dip-steps', { params: { id: String(boardId) }, signal }),
  });
  if (isPending) return <Loading />;
  const step = data?.steps.find((candidate) => candidate.stepNumber === stepNumber);
  return (
    <>
      <Button
        component={Link}
        to={boardPagePath(basename, boardId, 'dip')}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        {translate('portal.dip.back_to_dip')}
      </Button>
      {step ? (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 500, mb: 2 }}>
            {translate('portal.dip.step_heading', { number: step.stepNumber, title: step.title })}
          </Typography>
          <GettingStartedEditor boardId={boardId} stepId={step.id} />
        </>
      ) : (
        <Alert severity="warning">{translate('portal.dip.no_step', { number: stepNumber })}</Alert>
      )}
    </>
  );
}

/**
 * /admin/boards/{boardId}/dip/{stepNumber}/getting-started: the getting-started items of one design-in step,
 * edited like the board's own (added, reordered, removed and recovered, applied on save). The spec's path names
 * the step by its number; the API by its id.
 */
export function BoardDipStepGettingStartedPage() {
  const { id, stepNumber } = useParams<'id' | 'stepNumber'>();
  return (
    <BoardPageFrame titleKey="portal.dip.step_getting_started_title">
      {() => <StepGettingStarted boardId={id!} stepNumber={Number(stepNumber)} />}
    </BoardPageFrame>
  );
}

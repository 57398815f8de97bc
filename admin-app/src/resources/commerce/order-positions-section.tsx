import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  orderPositionDecisionSchema,
  POSITION_DECISIONS,
  type OrderPositionRecord,
  type OrderRecord,
} from '@portal/resources';
import { useId, useState, type FormEvent } from 'react';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useApi } from '../../providers/api-context';
import { apiErrorsOf } from '../../providers/errors';
import { formatPrice } from './price';

type Decision = (typeof POSITION_DECISIONS)[keyof typeof POSITION_DECISIONS][number];

/**
 * Asks for a decision's comment (a rejection must say why, spec §3 order position status and comment) and sends
 * it; the API's refusal (a decision the position's state does not allow, an unpaid purchase) shows in the dialog.
 */
function DecisionDialog({
  order,
  position,
  decision,
  onClose,
}: {
  order: OrderRecord;
  position: OrderPositionRecord;
  decision: Decision;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useApi();
  const titleId = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = orderPositionDecisionSchema.safeParse({
      status: decision,
      comment: comment.trim() || null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      await api.call('PUT /orders/:id/positions/:positionId', {
        params: { id: order.id, positionId: position.id },
        body: parsed.data,
      });
      notify(`portal.orders.decided.${decision}`, { type: 'success', messageArgs: { name: position.name } });
      refresh();
      onClose();
    } catch (failure) {
      setError(
        apiErrorsOf(failure)
          .flatMap((item) => item.messages)
          .join(' ') || (failure as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>
          {translate(`portal.orders.decide_title.${decision}`, { name: position.name, number: order.number })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate(`portal.orders.decide_text.${decision}`)}
          </DialogContentText>
          <TextField
            label={translate('portal.orders.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            required={decision === 'rejected'}
            error={!!error}
            helperText={error ?? ' '}
            multiline
            minRows={3}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={decision === 'rejected' ? 'error' : 'primary'}
            disabled={busy}
          >
            {translate(`portal.orders.decisions.${decision}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const STATUS_COLOR = {
  approved: 'success',
  rejected: 'error',
  'in-progress': 'default',
  reopened: 'warning',
} as const;

/**
 * An order's positions on its show page: what was asked for, at what price, its state and comment, and the
 * decisions the position's state allows (approve, reject with a comment, reopen). A purchase is decided by its
 * payment until it is paid.
 */
export function OrderPositionsSection() {
  const order = useRecordContext<OrderRecord & { id: string }>();
  const translate = useTranslate();
  const headingId = useId();
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'edit' });
  const [deciding, setDeciding] = useState<{ position: OrderPositionRecord; decision: Decision } | null>(
    null,
  );
  if (!order) return null;
  const awaitsPayment = order.kind === 'purchase' && !order.paid;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500, mb: 1 }}>
        {translate('portal.orders.positions')}
      </Typography>
      {awaitsPayment && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('portal.orders.awaits_payment')}
        </Alert>
      )}
      <Card variant="outlined">
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('portal.orders.item')}</TableCell>
              <TableCell>{translate('portal.orders.price')}</TableCell>
              <TableCell>{translate('portal.orders.status')}</TableCell>
              <TableCell>{translate('portal.orders.comment')}</TableCell>
              <TableCell>{translate('portal.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.positions.map((position) => (
              <TableRow key={position.id} data-testid="order-position">
                <TableCell>
                  <strong>{position.name}</strong>
                  <Typography variant="body2" color="text.secondary">
                    {[position.featureId, position.version, translate(`portal.orders.types.${position.type}`)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </TableCell>
                <TableCell>{formatPrice(position.price)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[position.status]}
                    label={translate(`portal.orders.position_statuses.${position.status}`)}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{position.comment ?? '—'}</TableCell>
                <TableCell>
                  {canAccess && !awaitsPayment && (
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      {POSITION_DECISIONS[position.status].map((decision) => (
                        <Button
                          key={decision}
                          size="small"
                          variant="outlined"
                          color={decision === 'rejected' ? 'error' : 'primary'}
                          aria-label={translate(`portal.orders.decide_for.${decision}`, {
                            name: position.name,
                          })}
                          onClick={() => setDeciding({ position, decision })}
                        >
                          {translate(`portal.orders.decisions.${decision}`)}
                        </Button>
                      ))}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {deciding && (
        <DecisionDialog
          order={order}
          position={deciding.position}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      )}
    </Box>
  );
}

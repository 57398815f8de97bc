import Chip from '@mui/material/Chip';
import type {
  LicenseStatus,
  OrderPositionStatus,
  OrderStatus,
  PaymentSessionStatus,
} from '@portal/resources';
import { tokens } from '../../../app/tokens';
import { useI18n, type MessageKey } from '../../../i18n/i18n';

type Color = 'success' | 'info' | 'warning' | 'error' | 'default';

/** Dark text on a light tint: AA contrast for small text, unlike MUI's outlined colours. */
const TONES: Record<Color, { color: string; bgcolor: string }> = {
  success: { color: tokens.successText, bgcolor: tokens.successBackground },
  info: { color: tokens.infoText, bgcolor: tokens.infoBackground },
  warning: { color: tokens.warningText, bgcolor: tokens.warningBackground },
  error: { color: tokens.errorText, bgcolor: tokens.errorBackground },
  default: { color: tokens.text, bgcolor: tokens.divider },
};

const ORDER: Record<OrderStatus, Color> = {
  'in-progress': 'info',
  done: 'success',
  reopened: 'warning',
  'payment-missing': 'warning',
  'payment-canceled': 'error',
};
const POSITION: Record<OrderPositionStatus, Color> = {
  approved: 'success',
  rejected: 'error',
  'in-progress': 'info',
  reopened: 'warning',
};
const LICENSE: Record<LicenseStatus, Color> = {
  active: 'success',
  perpetual: 'success',
  expired: 'default',
  revoked: 'error',
  unknown: 'default',
};
const PAYMENT: Record<PaymentSessionStatus, Color> = {
  started: 'info',
  canceled: 'warning',
  failed: 'error',
  expired: 'default',
  completed: 'success',
};

type Status =
  | { kind: 'order'; status: OrderStatus }
  | { kind: 'position'; status: OrderPositionStatus }
  | { kind: 'license'; status: LicenseStatus }
  | { kind: 'payment'; status: PaymentSessionStatus };

function colorOf(value: Status): Color {
  switch (value.kind) {
    case 'order':
      return ORDER[value.status];
    case 'position':
      return POSITION[value.status];
    case 'license':
      return LICENSE[value.status];
    case 'payment':
      return PAYMENT[value.status];
  }
}

const PREFIX: Record<Status['kind'], string> = {
  order: 'orders.status',
  position: 'orders.positionStatus',
  license: 'licenses.status',
  payment: 'payment.status',
};

/** The text of a state of spec product §4. */
export function useStatusText() {
  const { t } = useI18n();
  return (value: Status) => t(`${PREFIX[value.kind]}.${value.status}` as MessageKey);
}

/** A state as a small chip; the colour repeats what the text says. */
export function StatusChip(props: Status) {
  const text = useStatusText();
  return <Chip size="small" label={text(props)} sx={{ ...TONES[colorOf(props)], fontWeight: 500 }} />;
}

import Circle from '@mui/icons-material/Circle';
import Chip from '@mui/material/Chip';
import type { ProjectStatus } from '@portal/resources';
import { useI18n } from '../../../i18n/i18n';

const DOT_COLORS: Record<ProjectStatus, string> = {
  active: 'success.main',
  'cancellation-requested': 'warning.main',
  cancelled: 'text.disabled',
  finished: 'info.main',
};

/** A project's status (spec product §4): dark text on grey for contrast, a coloured dot for a quick glance. */
export function StatusChip({ status }: { status: ProjectStatus }) {
  const { t } = useI18n();
  return (
    <Chip
      size="small"
      icon={<Circle aria-hidden="true" sx={{ '&&': { color: DOT_COLORS[status], fontSize: 10 } }} />}
      label={t(`project.status.${status}`)}
    />
  );
}

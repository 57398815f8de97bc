import type { ButtonHTMLAttributes } from 'react';
import ui from '../../styles/ui.module.css';
import { SvgIcon } from './icon';
import { cancel } from './page-icons';

interface ChipLook {
  label: string;
  /** `primary`: filled in the brand colour; `filled`: grey; `outlined` (default): a border only. */
  look?: 'primary' | 'filled' | 'outlined';
  small?: boolean;
}

const chipClass = ({ look = 'outlined', small = false }: Omit<ChipLook, 'label'>) =>
  [ui.chip, look === 'outlined' ? '' : ui[look], small ? ui.smallChip : ''].filter(Boolean).join(' ');

/** A label (a tag, a badge), drawn like MUI's chip. */
export function Chip({
  label,
  look,
  small,
  onDelete,
  deleteLabel,
}: ChipLook & {
  /** A button that removes what the chip stands for, named by `deleteLabel`. */
  onDelete?: () => void;
  deleteLabel?: string;
}) {
  return (
    <span className={chipClass({ look, small })}>
      {label}
      {onDelete && (
        <button type="button" className={ui.chipDelete} onClick={onDelete} aria-label={deleteLabel}>
          <SvgIcon d={cancel} small />
        </button>
      )}
    </span>
  );
}

/** A chip that is a toggle button (`aria-pressed`): filled in the brand colour while pressed. */
export function ToggleChip({
  label,
  pressed,
  ...props
}: { label: string; pressed: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'>) {
  return (
    <button
      type="button"
      className={chipClass({ look: pressed ? 'primary' : 'outlined' })}
      aria-pressed={pressed}
      {...props}
    >
      {label}
    </button>
  );
}

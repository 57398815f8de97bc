import type { SxProps } from '@mui/material/styles';

/** Read by screen readers, not shown (the usual clip pattern). */
export const visuallyHidden: SxProps = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

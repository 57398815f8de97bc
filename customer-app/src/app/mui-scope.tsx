import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * Where MUI renders: feature pages, menus, dialogs and forms wrap themselves in it. The shell around them is
 * plain React and CSS on the same tokens, so MUI and its styling engine load with the first part that uses them,
 * not with every page.
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

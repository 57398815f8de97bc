import englishMessages from 'ra-language-english';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

type AriaOwner = { 'aria-label'?: string };

const LOADING = { 'aria-label': englishMessages.ra.page.loading };

/**
 * react-admin labels a row's selection checkbox on the checkbox's outer span, where the label names nothing
 * (axe: aria-prohibited-attr) and leaves the input unlabelled (axe: label). Every checkbox carries its label
 * on its input instead. A list's loading rows show selection checkboxes with no label at all: they say loading.
 */
const accessibleCheckboxes: RaThemeOptions['components'] = {
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: () => ({ 'aria-label': undefined }),
        input: (ownerState: AriaOwner & { className?: string; onChange?: unknown }) => {
          if (ownerState['aria-label']) return { 'aria-label': ownerState['aria-label'] };
          const loadingRow = ownerState.className === 'select-all' && !ownerState.onChange;
          return loadingRow ? LOADING : {};
        },
      },
    },
  },
};

/**
 * A spinner or a loading bar is a progress bar to a screen reader, and one without a name says nothing (axe:
 * aria-progressbar-name). react-admin's loading page, buttons and lists show MUI's unnamed, so each is named as
 * react-admin's loading page is titled (the console speaks English only); a name given where one is shown wins.
 */
const namedSpinners: RaThemeOptions['components'] = {
  MuiCircularProgress: { defaultProps: LOADING },
  MuiLinearProgress: { defaultProps: LOADING },
};

/**
 * react-admin's default themes with the portal's blue, dark enough for white app-bar text (WCAG AA: the
 * default secondary #2196f3 gives 3.1:1 against white; #1565c0 gives 5.8:1).
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
  },
  components: { ...defaultLightTheme.components, ...accessibleCheckboxes, ...namedSpinners },
};

/** The dark theme the app bar's toggle switches to; react-admin keeps the choice in the browser. */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    primary: { main: '#90caf9' },
    secondary: { main: '#90caf9', contrastText: '#000' },
  },
  components: { ...defaultDarkTheme.components, ...accessibleCheckboxes, ...namedSpinners },
};

import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, LinearProgress, Loading } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../i18n/i18n-provider';
import { darkTheme, lightTheme } from './theme';

const i18nProvider = createI18nProvider([]);

describe('the console themes', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ])('name the loading page’s spinner and a loading bar for a screen reader (%s)', async (_name, theme) => {
    render(
      <AdminContext i18nProvider={i18nProvider} theme={theme}>
        <Loading timeout={0} />
        <LinearProgress timeout={0} />
      </AdminContext>,
    );
    await waitFor(() =>
      expect(screen.queryAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).toEqual([
        'Loading',
        'Loading',
      ]),
    );
  });

  it('leave a spinner the name it is given', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider} theme={lightTheme}>
        <CircularProgress aria-label="Uploading the file" />
      </AdminContext>,
    );
    expect(await screen.findByRole('progressbar', { name: 'Uploading the file' })).toBeTruthy();
  });

  it('name the selection checkboxes of a loading list, and leave a loaded list’s checkboxes their own', async () => {
    // As react-admin's DataTableLoading and SelectPageCheckbox render them.
    render(
      <AdminContext i18nProvider={i18nProvider} theme={lightTheme}>
        <Checkbox className="select-all" color="primary" checked={false} />
        <Checkbox
          inputProps={{ 'aria-label': 'Select all' }}
          slotProps={{ input: { 'aria-label': 'Select all' } }}
          className="select-all"
          checked={false}
          onChange={() => {}}
        />
        <Checkbox aria-label="Select this row" className="select-item" checked={false} onClick={() => {}} />
      </AdminContext>,
    );
    expect((await screen.findAllByRole('checkbox')).map((box) => box.getAttribute('aria-label'))).toEqual([
      'Loading',
      'Select all',
      'Select this row',
    ]);
  });
});

import type { CatalogueFile } from '@portal/resources';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../paths';
import { renderWithPortal } from '../../../test/portal';
import { makeTool, makeVersion } from '../test-data';
import { ToolPage } from './tool-page';

const file = (fileName: string, sha256?: string): CatalogueFile => ({
  uuid: crypto.randomUUID(),
  url: `http://portal.test/api/v1/catalogue/tools/nx-flash-programmer/versions/1.0.0/files/${fileName}`,
  os: 'windows',
  architecture: 'x64',
  kind: 'installer',
  filetype: 'exe',
  filesize: 2048,
  fileName,
  ...(sha256 ? { sha256 } : {}),
});

/** The tool page over an answer as the server gives it in the tool API version asked for (spec §4). */
function renderTool(files: CatalogueFile[], icon: string | null = null) {
  const version = makeVersion({ downloadUrls: files });
  const tool = makeTool({ icon, versions: { [version.version]: version }, latestVersion: version.version });
  renderWithPortal([{ path: paths.tool, Component: ToolPage }], `/assets/${tool.featureId}`, {
    fetch: async () => new Response(JSON.stringify(tool), { status: 200 }),
  });
  return tool;
}

describe('the tool page in both tool API versions', () => {
  it('shows each file’s checksum in a v2 answer', async () => {
    renderTool([file('setup.exe', 'ab'.repeat(32))]);
    expect(
      await screen.findByRole('button', { name: 'Copy the SHA-256 checksum of setup.exe' }),
    ).toBeTruthy();
  });

  it('lists and offers the files of a v1 answer, which has no checksums', async () => {
    renderTool([file('setup.exe')]);
    expect(await screen.findByRole('button', { name: 'Download setup.exe' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /checksum/i })).toBeNull();
  });

  it('shows the tool’s icon from its catalogue path beside its badges', async () => {
    const tool = renderTool([], 'icons/nx.svg');
    await screen.findByRole('heading', { level: 1, name: tool.name });
    const icon = document.querySelector('img');
    expect(icon?.getAttribute('src')).toBe('http://portal.test/api/v1/icons/nx.svg');
    expect(icon?.getAttribute('alt')).toBe('');
  });
});

describe('a tool the server refuses as internal-only', () => {
  it('gives way to the internal-use-only page, which can bring the visitor back', async () => {
    const refusing: typeof fetch = async () =>
      new Response(
        JSON.stringify({
          status: 403,
          type: 'internal_use_only',
          errors: [{ errorCode: 'internal_use_only', resources: ['lab-tool'], messages: ['Internal only.'] }],
        }),
        { status: 403 },
      );
    const { router } = renderWithPortal(
      [
        { path: paths.tool, Component: ToolPage },
        // The shell's page is another feature's; here only where the tool page sends the visitor matters.
        { path: paths.internalUseOnly, Component: () => <h1>Internal use only</h1> },
      ],
      '/assets/lab-tool?version=2',
      { fetch: refusing, signedIn: false },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal use only' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe(paths.internalUseOnly);
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/assets/lab-tool?version=2',
    );
  });
});

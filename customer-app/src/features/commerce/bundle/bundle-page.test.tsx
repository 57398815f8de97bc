import type { CatalogueItem, SoftwareBundleDetail } from '@portal/resources';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../paths';
import { AssetsPage } from '../catalogue/assets-page';
import { renderWithPortal } from '../../../test/portal';
import { makeBundle } from '../test-data';
import { BundlePage } from './bundle-page';

const bundle: SoftwareBundleDetail = {
  ...makeBundle({ toolFeatureIds: [], features: [] }),
  requestUrl: null,
  versions: [],
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const { id: ID, uuid: KEY } = bundle;

/** `GET catalogue/bundles/{address}` as the server answers it: by the bundle's UUID or its catalogue key. */
const bundleServer: typeof fetch = async (input) => {
  const address = decodeURIComponent(new URL(String(input)).pathname.split('/').pop() ?? '');
  return address === ID || address === KEY
    ? new Response(JSON.stringify(bundle), { status: 200 })
    : new Response(JSON.stringify({ status: 404, type: 'not_found', errors: [] }), { status: 404 });
};

const bundleRoute = { path: paths.softwareBundle, Component: BundlePage };

describe('the bundle page (spec §2.1 /software-bundles/{uuid})', () => {
  it('opens by the bundle’s UUID', async () => {
    const { router, sent } = renderWithPortal([bundleRoute], `/software-bundles/${ID}`, {
      fetch: bundleServer,
      signedIn: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: bundle.name })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/software-bundles/${ID}`);
    expect(sent.map((request) => request.path)).toEqual([`catalogue/bundles/${ID}`]);
  });

  it('takes the catalogue key as an alias: the address becomes the UUID, without a history entry', async () => {
    const { router } = renderWithPortal([bundleRoute], `/software-bundles/${KEY}`, {
      fetch: bundleServer,
      signedIn: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/software-bundles/${ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: bundle.name })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('is linked from the catalogue by its UUID', async () => {
    const item: CatalogueItem = {
      id: ID,
      kind: 'software-bundle',
      category: 'software-bundle',
      key: KEY,
      name: bundle.name,
      description: null,
      icon: null,
      latestVersion: null,
      tags: [],
      installable: false,
      requestable: true,
      payable: false,
      updatedAt: bundle.updatedAt,
    };
    renderWithPortal([{ path: '/assets', Component: AssetsPage }], '/assets', {
      fetch: async () =>
        new Response(JSON.stringify([item]), {
          status: 200,
          headers: { 'Content-Range': 'catalogue 0-0/1' },
        }),
      signedIn: false,
    });
    const heading = await screen.findByRole('heading', { name: bundle.name });
    expect(heading.closest('a')?.getAttribute('href')).toBe(`/software-bundles/${ID}`);
  });
});

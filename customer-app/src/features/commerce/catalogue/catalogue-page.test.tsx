import type { CatalogueItem } from '@portal/resources';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithPortal } from '../../../test/portal';
import { AssetsPage } from './assets-page';
import { DocumentsPage } from './documents-page';

const item = (name: string, overrides: Partial<CatalogueItem> = {}): CatalogueItem => ({
  id: crypto.randomUUID(),
  kind: 'tool',
  category: 'tool',
  key: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  description: null,
  icon: null,
  latestVersion: '1.0.0',
  tags: [],
  installable: false,
  requestable: true,
  payable: false,
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

/** `GET catalogue` as the server answers it: a page of items and its Content-Range. */
function catalogueServer(answers: (() => { status: number; items?: CatalogueItem[]; total?: number })[]) {
  let call = 0;
  return async (input: RequestInfo | URL) => {
    const answer = answers[Math.min(call++, answers.length - 1)]!();
    const url = new URL(String(input));
    const [first] = JSON.parse(url.searchParams.get('range') ?? '[0,11]') as [number, number];
    if (answer.status !== 200) {
      return new Response(JSON.stringify({ status: answer.status, type: 'internal_error', errors: [] }), {
        status: answer.status,
      });
    }
    const items = answer.items ?? [];
    const last = first + items.length - 1;
    return new Response(JSON.stringify(items), {
      status: 200,
      headers: {
        'Content-Range': `catalogue ${items.length ? `${first}-${last}` : '*'}/${answer.total ?? items.length}`,
      },
    });
  };
}

const filterOf = (path: string) =>
  JSON.parse(new URLSearchParams(path.split('?')[1]).get('filter') ?? '{}') as Record<string, unknown>;

describe('the catalogue pages', () => {
  it('asks the API for the search, categories and page in the URL, and shows the page of results', async () => {
    const { sent } = renderWithPortal(
      [{ path: '/assets', Component: AssetsPage }],
      '/assets?q=flash&categories=tool,document&page=2',
      {
        fetch: catalogueServer([() => ({ status: 200, items: [item('NX Flash Programmer')], total: 13 })]),
        signedIn: false,
      },
    );
    expect(screen.getByRole('status').textContent).toBe('Loading results');
    expect(await screen.findByRole('heading', { name: 'NX Flash Programmer' })).toBeTruthy();
    expect(screen.getByText('Showing 13–13 of 13')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tool' }).getAttribute('aria-pressed')).toBe('true');
    const [request] = sent;
    expect(request?.path.startsWith('catalogue?')).toBe(true);
    expect(filterOf(request!.path)).toEqual({ categories: ['tool', 'document'], q: 'flash' });
    expect(new URLSearchParams(request!.path.split('?')[1]).get('range')).toBe('[12,23]');
  });

  it('narrows the documents view to documents', async () => {
    const { sent } = renderWithPortal([{ path: '/documents', Component: DocumentsPage }], '/documents', {
      fetch: catalogueServer([
        () => ({ status: 200, items: [item('NX240 Datasheet', { kind: 'document', category: 'document' })] }),
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'NX240 Datasheet' })).toBeTruthy();
    expect(filterOf(sent[0]!.path)).toEqual({ categories: ['document'] });
  });

  it('says when the catalogue could not be loaded, and tries again', async () => {
    renderWithPortal([{ path: '/assets', Component: AssetsPage }], '/assets', {
      fetch: catalogueServer([
        () => ({ status: 500 }),
        () => ({ status: 200, items: [item('Serial Terminal')] }),
      ]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The catalogue could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Serial Terminal' })).toBeTruthy();
  });

  it('says when nothing matches, and clears the search and filters from the URL', async () => {
    const { router } = renderWithPortal(
      [{ path: '/assets', Component: AssetsPage }],
      '/assets?q=zzz&categories=netlist',
      {
        fetch: catalogueServer([
          () => ({ status: 200, items: [] }),
          () => ({ status: 200, items: [item('Legacy Flasher')] }),
        ]),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Nothing found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'Legacy Flasher' })).toBeTruthy();
  });
});

describe('catalogue icons (calls §7.8)', () => {
  it('loads an icon from its path under the API root, lazily, and falls back to the kind’s icon on error', async () => {
    renderWithPortal([{ path: '/assets', Component: AssetsPage }], '/assets', {
      fetch: catalogueServer([
        () => ({
          status: 200,
          items: [
            item('With Icon', { icon: 'icons/with-icon.svg' }),
            item('Elsewhere', { icon: 'https://cdn.example.com/e.svg' }),
            item('Without Icon'),
          ],
        }),
      ]),
      signedIn: false,
    });
    const cardOf = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;
    const withIcon = (await cardOf('With Icon')).querySelector('img')!;
    expect(withIcon.getAttribute('src')).toBe('http://portal.test/api/v1/icons/with-icon.svg');
    expect(withIcon.getAttribute('loading')).toBe('lazy');
    expect(withIcon.getAttribute('alt')).toBe('');
    expect([withIcon.getAttribute('width'), withIcon.getAttribute('height')]).toEqual(['24', '24']);
    expect((await cardOf('Elsewhere')).querySelector('img')!.getAttribute('src')).toBe(
      'https://cdn.example.com/e.svg',
    );
    expect((await cardOf('Without Icon')).querySelector('img')).toBeNull();
    expect((await cardOf('Without Icon')).querySelector('svg')).not.toBeNull();

    fireEvent.error(withIcon);
    const card = await cardOf('With Icon');
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
    expect(card.querySelector('svg')).not.toBeNull();
  });
});

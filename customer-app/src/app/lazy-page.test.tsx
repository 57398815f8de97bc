import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PageLoadFailure, RELOAD_FLAG, lazyPage, lazyPart, loadForNavigation } from './lazy-page';

const Page = () => <p>the page</p>;
const chunkError = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('lazyPage (spec product §2.5: a failed page load reloads the page)', () => {
  it('answers the page component', async () => {
    const route = lazyPage(
      async () => ({ Page }),
      (m) => m.Page,
    );
    await expect(route()).resolves.toEqual({ Component: Page });
  });

  it('asks for one reload when the chunk fails to load', async () => {
    const route = lazyPage(chunkError, (m: { Page: typeof Page }) => m.Page);
    const error = await route().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageLoadFailure);
    expect((error as PageLoadFailure).reload).toBe(true);
    expect(sessionStorage.getItem(RELOAD_FLAG)).toBe('1');
  });

  it('does not ask again when the reloaded page fails too', async () => {
    sessionStorage.setItem(RELOAD_FLAG, '1');
    const error = await lazyPage(chunkError, (m: { Page: typeof Page }) => m.Page)().catch(
      (caught: unknown) => caught,
    );
    expect((error as PageLoadFailure).reload).toBe(false);
  });

  it("asks for the one reload through a feature's route table too (the page's own failure passes as it is)", async () => {
    const page = lazyPage(chunkError, (m: { Page: typeof Page }) => m.Page);
    const error = await loadForNavigation(page).catch((caught: unknown) => caught);
    expect((error as PageLoadFailure).reload).toBe(true);
  });

  it('forgets the reload once a page loads again', async () => {
    sessionStorage.setItem(RELOAD_FLAG, '1');
    await lazyPage(
      async () => ({ Page }),
      (m) => m.Page,
    )();
    expect(sessionStorage.getItem(RELOAD_FLAG)).toBeNull();
  });
});

describe('lazyPart', () => {
  it('reloads the page once when a part of the layout fails to load', async () => {
    const reload = vi.fn();
    const Part = lazyPart(chunkError as () => Promise<{ default: typeof Page }>, { reload });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    await expect.poll(() => reload.mock.calls.length).toBe(1);
    expect(screen.getByText('loading')).toBeDefined();
  });

  it('renders the part when it loads', async () => {
    const Part = lazyPart(async () => ({ default: Page }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    expect(await screen.findByText('the page')).toBeDefined();
  });
});

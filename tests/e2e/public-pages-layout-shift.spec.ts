import { expect, test, type Page } from '../support/test.js';
import { restoreSignIn } from '../support/saved-sign-in';
import { PUBLIC_PAGES } from './public-pages';

// Issue 48 #2: a rendered page does not move while the app takes it over, nor when the signed-in parts fill in.
const MAX_CLS = 0.05;
// The bench's CPU slowdown: a lazy part still loading when an update comes is what a slow device sees.
const CPU_SLOWDOWN = 4;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

/** Records every layout shift from the first paint on, with the elements that moved (for the failure message). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    window.__layoutShifts = shifts;
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (!entry.hadRecentInput)
          shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** The shifts once the app has hydrated and what it asked for has answered (the signed-in parts filled in). */
async function shiftsAfterLoad(page: Page, heading: string): Promise<Shift[]> {
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await page.waitForLoadState('networkidle');
  // The observer reports a frame's shifts after that frame: two frames on, every shift so far is in.
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__layoutShifts ?? []))),
      ),
  );
}

function expectStill(shifts: Shift[]) {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, `layout shifts: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(MAX_CLS);
}

test.describe('public pages do not shift while they load and hydrate', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path}, anonymous`, async ({ page }) => {
      await watchLayoutShifts(page);
      await page.goto(path);
      expectStill(await shiftsAfterLoad(page, heading));
    });

    test(`${path}, signed in as a customer`, async ({ page }) => {
      await restoreSignIn(page, 'customer@portal.test');
      await watchLayoutShifts(page);
      await page.goto(path);
      // Signed in: the header's own menu, not the sign-in link, once the session has filled in.
      await expect(page.getByRole('button', { name: 'My space' })).toBeVisible();
      expectStill(await shiftsAfterLoad(page, heading));
    });
  }
});

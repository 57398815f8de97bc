import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA rules; only violations are collected (passes and incomplete cost time and are not read). */
const RUN_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * Runs axe-core in the page's own document, injected once per document, as `@axe-core/playwright` costs far more
 * (tests/README.md, "Accessibility").
 */
async function runAxe(page: Page): Promise<axe.Result[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axe.source);
  const { violations } = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    RUN_OPTIONS,
  );
  return violations;
}

/**
 * Runs axe on the page as it is and fails on serious or critical findings, naming each with the elements it
 * found; lesser findings are listed in the test output. With E2E_SCREENSHOTS_DIR set, each checked state is also
 * saved there as a full-page screenshot.
 */
export async function expectNoSeriousA11yFindings(page: Page, label: string) {
  // A menu or dialog still fading in would be judged on its half-transparent colours.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations;
      return iterations === Infinity || animation.playState !== 'running';
    }),
  );
  const violations = await runAxe(page);
  const describe = (v: axe.Result) =>
    `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`;
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const lesser = violations.filter((v) => !serious.includes(v));
  if (lesser.length > 0) console.log(`[axe] ${label}: ${lesser.map(describe).join('; ')}`);
  expect(serious.map(describe), `serious or critical accessibility findings on ${label}`).toEqual([]);
  // A full-page picture of every checked state, for a person to look at, only when asked for: each costs time.
  const folder = process.env.E2E_SCREENSHOTS_DIR;
  if (folder)
    await page.screenshot({ path: `${folder}/${label.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
}

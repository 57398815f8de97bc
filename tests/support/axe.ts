import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA rules. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it is and fails on serious or critical findings, naming each with the elements it
 * found; lesser findings are listed in the test output.
 */
export async function expectNoSeriousA11yFindings(page: Page, label: string) {
  // A menu or dialog still fading in would be judged on its half-transparent colours.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations;
      return iterations === Infinity || animation.playState !== 'running';
    }),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const describe = (v: (typeof violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`;
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const lesser = violations.filter((v) => !serious.includes(v));
  if (lesser.length > 0) console.log(`[axe] ${label}: ${lesser.map(describe).join('; ')}`);
  expect(serious.map(describe), `serious or critical accessibility findings on ${label}`).toEqual([]);
}

import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own lint configuration, as `pnpm lint` runs it. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function popupFindings(code: string, file = 'tests/e2e/probe.spec.ts'): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

const PROBE = `import type { Page } from '@playwright/test';
export async function probe(page: Page) {
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'A' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('checkbox', { name: 'I understand' }).check();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menu').getByRole('menuitem').allTextContents();
}
`;

describe('popup clicks in the end-to-end suites go through tests/support/popups.ts', () => {
  // The first lint loads the whole configuration (typescript-eslint): a bound for a busy machine, not a wait.
  it('refuses a bare menu item, option or dialog-button click in a spec', { timeout: 120_000 }, async () => {
    expect(await popupFindings(PROBE)).toEqual([3, 4, 5, 7]);
  });

  it('lets the popup helpers themselves click', async () => {
    expect(await popupFindings(PROBE, 'tests/support/popups.ts')).toEqual([]);
  });
});

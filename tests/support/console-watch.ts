import { expect, type Page } from '@playwright/test';

/** A catalogue key (`ra.notification.created`, `portal.x.y`, …) shown as text instead of its message. */
export const RAW_KEY = /\b(?:ra|app|portal|resources)\.[a-z_]+\.[a-z_.]+\b/;

declare global {
  interface Window {
    /** Every toast the page showed, with its kind (react-admin's `RaNotification-<type>` or the role). */
    __toasts?: { kind: string; text: string }[];
  }
}

/**
 * Watches a page for what must never happen on any route: script errors, error toasts and raw catalogue keys.
 * Toasts are recorded as they appear (a MutationObserver set before any app script runs), so a toast that shows
 * and goes in between two checks is still seen.
 */
export class ConsoleWatch {
  readonly pageErrors: string[] = [];

  private constructor(readonly page: Page) {
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  static async on(page: Page): Promise<ConsoleWatch> {
    const watch = new ConsoleWatch(page);
    await page.addInitScript(() => {
      window.__toasts = [];
      const seen = new WeakSet<Element>();
      const record = () => {
        const toasts = document.querySelectorAll('.MuiSnackbarContent-root, [role="alert"], [role="status"]');
        for (const toast of Array.from(toasts)) {
          const text = (toast.textContent ?? '').trim();
          if (seen.has(toast) || !text) continue;
          seen.add(toast);
          const kind = /RaNotification-(\w+)/.exec(toast.className)?.[1] ?? toast.getAttribute('role') ?? '';
          window.__toasts!.push({ kind, text });
        }
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
    });
    return watch;
  }

  async toasts(): Promise<{ kind: string; text: string }[]> {
    return this.page.evaluate(() => window.__toasts ?? []);
  }

  /** No script error, no error toast and no raw key on the page or in a toast since the page was opened. */
  async expectClean(where: string) {
    const toasts = await this.toasts();
    expect(this.pageErrors, `${where}: script errors`).toEqual([]);
    expect(
      toasts.filter((toast) => toast.kind === 'error'),
      `${where}: error toasts`,
    ).toEqual([]);
    expect(
      toasts.filter((toast) => RAW_KEY.test(toast.text)),
      `${where}: toasts with raw keys`,
    ).toEqual([]);
    const text = await this.page.locator('body').innerText();
    expect(RAW_KEY.exec(text)?.[0], `${where}: raw key on the page`).toBeUndefined();
  }
}

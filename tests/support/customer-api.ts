import { expect, type Page } from '@playwright/test';
import { chooseMenuItem, closeWithEscape, openPopup } from './popups.js';

/**
 * Runs in the page: calls the API as its signed-in user (the access token from the oidc-client-ts session storage,
 * the CSRF cookie). Plain ES2017, so it runs in the oldest supported browsers too (chromium-80.spec.ts).
 */
export async function fetchAsUser({ method, path, body }: { method: string; path: string; body?: unknown }) {
  const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
  const token = key
    ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token
    : '';
  const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie);
  const response = await fetch(`/api/v1/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf ? xsrf[1]! : ''),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Calls the API as the signed-in user of the page, to set up data quickly; expects a 2xx and answers the body. */
export async function callApi(page: Page, method: string, path: string, body?: unknown) {
  const { status, text } = await page.evaluate(fetchAsUser, { method, path, body });
  expect(status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

/** Opens the project page's actions dropdown and picks `action`. */
export async function openAction(page: Page, action: string) {
  await chooseMenuItem(page.getByRole('button', { name: 'Actions' }), action);
}

/** The actions the project page's dropdown offers: opened until shown, read, closed until gone. */
export async function actionNames(page: Page): Promise<string[]> {
  const menu = page.getByRole('menu');
  await openPopup(page.getByRole('button', { name: 'Actions' }), menu);
  const names = await menu.getByRole('menuitem').allTextContents();
  await closeWithEscape(page, menu);
  return names;
}

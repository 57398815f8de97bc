import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LoginPage } from './pages.js';

/**
 * What the apps keep of a sign-in, session storage included, which Playwright's `storageState` lacks. The provider's
 * session cookie is left out so no step-up or logout leaks between tests (tests/README.md, "Signed in once per role").
 */
interface SavedSignIn {
  /** The saved users' earliest access-token expiry, in seconds since the epoch. */
  expiresAt: number;
  sessionStorage: Record<string, string>;
  localStorage: Record<string, string>;
}

const USER_KEY_PREFIX = 'oidc.user:';
const TYPE_KEY = 'authenticationType';
/** The app renews a token this long before it expires (SIGN_IN_TIMINGS); a reused token must not get there. */
const RENEWAL_LEAD_SECONDS = 60;
const MARGIN_SECONDS = 60;

const savedFile = (email: string) => path.join(process.env.E2E_DATA_DIR!, 'signed-in', `${email}.json`);

function readSaved(email: string): SavedSignIn | undefined {
  try {
    return JSON.parse(fs.readFileSync(savedFile(email), 'utf8')) as SavedSignIn;
  } catch {
    return undefined;
  }
}

function writeSaved(email: string, saved: SavedSignIn) {
  const file = savedFile(email);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a parallel worker never reads half a file.
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, JSON.stringify(saved));
  fs.renameSync(partial, file);
}

/**
 * Whether a saved sign-in outlives the running test without the app renewing it: a renewal would rotate the
 * saved refresh token, and the provider revokes the grant when a rotated token is used again.
 */
function lastsThisTest(saved: SavedSignIn): boolean {
  const testSeconds = Math.ceil((test.info().timeout || 60_000) / 1000);
  return saved.expiresAt - Date.now() / 1000 > testSeconds + RENEWAL_LEAD_SECONDS + MARGIN_SECONDS;
}

/** Signs `email` in through the real login page in a throwaway context and reads what the app stored. */
async function signInAndSave(browser: Browser, email: string): Promise<SavedSignIn> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    await signInThroughLoginAt(page, '/my/projects', email);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const saved = await page.evaluate(
      ({ prefix, typeKey }) => {
        const session: Record<string, string> = {};
        let expiresAt = Infinity;
        for (const key of Object.keys(sessionStorage).filter((name) => name.startsWith(prefix))) {
          session[key] = sessionStorage.getItem(key)!;
          expiresAt = Math.min(expiresAt, (JSON.parse(session[key]) as { expires_at: number }).expires_at);
        }
        return {
          expiresAt,
          sessionStorage: session,
          localStorage: { [typeKey]: localStorage.getItem(typeKey)! },
        };
      },
      { prefix: USER_KEY_PREFIX, typeKey: TYPE_KEY },
    );
    expect(Object.keys(saved.sessionStorage), `${email}: no user in session storage`).not.toEqual([]);
    expect(saved.localStorage[TYPE_KEY]).toBe('NORMAL');
    writeSaved(email, saved);
    return saved;
  } finally {
    await context.close();
  }
}

/** The saved sign-in of `email`: signed in on first use, again once it would run out during the test. */
async function savedSignIn(browser: Browser, email: string): Promise<SavedSignIn> {
  const saved = readSaved(email);
  return saved && lastsThisTest(saved) ? saved : signInAndSave(browser, email);
}

/**
 * Makes `page` signed in as `email` from its next navigation on, with the saved sign-in of that role. The state is
 * put in once per tab (a marker in session storage), so a later logout in the test stays a logout.
 */
export async function restoreSignIn(page: Page, email: string) {
  const saved = await savedSignIn(page.context().browser()!, email);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const marker = `e2e.signed-in:${email}:${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ origin, marker, session, local }) => {
      if (window.location.origin !== origin || sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
      for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
      for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
    },
    { origin, marker, session: saved.sessionStorage, local: saved.localStorage },
  );
}

const endsWithPath = (target: string) => new RegExp(`${target.replace(/[/?]/g, '\\$&')}$`);

/**
 * Opens `target` signed in as `email` with the role's saved sign-in (one real sign-in per role, reused) and
 * waits to be there.
 */
export async function signInAt(page: Page, target: string, email: string) {
  await restoreSignIn(page, email);
  await page.goto(target);
  await expect(page).toHaveURL(endsWithPath(target));
}

/**
 * Signs in through the provider's login page from a protected page and waits to be back: for tests whose subject
 * is the sign-in itself (step-up, logout, renewal), which must not share a session with other tests.
 */
export async function signInThroughLoginAt(page: Page, target: string, email: string) {
  await page.goto(target);
  await new LoginPage(page).signIn(email);
  await expect(page).toHaveURL(endsWithPath(target));
}

/** A page in a context of its own (a second browser), opened at `target` signed in as `email`. */
export async function signedInPage(browser: Browser, email: string, target = '/my/projects'): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signInAt(page, target, email);
  return page;
}

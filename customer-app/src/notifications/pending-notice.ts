const LOGGED_OUT_KEY = 'portal:logged-out';

/**
 * The logout notice has to survive leaving the page (logout goes through the provider's end-session page and
 * comes back to /welcome): a flag in session storage that the next start takes.
 */
export function keepLogoutNotice(storage: Storage = sessionStorage): void {
  storage.setItem(LOGGED_OUT_KEY, 'true');
}

export function takeLogoutNotice(storage: Storage = sessionStorage): boolean {
  const pending = storage.getItem(LOGGED_OUT_KEY) === 'true';
  storage.removeItem(LOGGED_OUT_KEY);
  return pending;
}

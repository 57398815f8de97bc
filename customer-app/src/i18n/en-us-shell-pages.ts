/**
 * Texts of the shell's own lazy parts (sign-in pages, the system pages, the cookie dialog): they load
 * with those parts (`withTexts`), so the entry page does not carry them (issue 20).
 */
export const shellPageTexts = {
  'page.login': 'Sign in',
  'page.signInUnavailable': 'Sign-in is not available',
  'page.callbackError': 'Sign-in failed',
  'page.internalUseOnly': 'For internal use only',
  'page.userNotVerified': 'Please verify your email address',
  'page.browserOutdated': 'Your browser is out of date',
  'consent.title': 'Cookie settings',
  'consent.text':
    'The portal stores only what it needs to work: your sign-in session, the cart, and settings such as a closed maintenance notice. It uses no tracking or advertising cookies, so there is nothing to switch off.',
  'login.redirecting': 'Redirecting to sign-in…',
  'login.unreachable': 'The sign-in service could not be reached: {message}',
  'callback.accessDenied': 'The sign-in was cancelled or refused.',
  'callback.loginRequired': 'Please sign in again.',
  'callback.userFetchFailed': 'You are signed in, but your account could not be loaded.',
  'callback.generic': 'Something went wrong while signing you in.',
  'internalUseOnly.text': 'Only our employees can open this page. Sign in with your company account.',
  'notVerified.text':
    'We sent a verification link to {email}. Open it to activate your account, then continue here.',
  'notVerified.yourAddress': 'your email address',
  'notVerified.done': 'I have verified it',
  'outdated.text':
    'The portal needs a current browser. Internet Explorer is no longer supported: please open the portal in a current version of Edge, Chrome, Firefox or Safari.',
  'outdated.minimum': 'Supported: Firefox 70, Edge 80, Chrome 80, Android 6, iOS 9 or later.',
  'outdated.continue': 'Continue anyway',
} as const;

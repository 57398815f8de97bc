import { ERROR_TITLES, SIGN_IN_MESSAGES, STATUS_TITLES, UNKNOWN_ERROR_MESSAGE } from '@portal/resources';
import type { commerceTexts } from './en-us-commerce';
import type { dipTexts } from './en-us-dip';
import type { errorTexts } from './en-us-errors';
import type { projectTexts } from './en-us-projects';
import type { shellPageTexts } from './en-us-shell-pages';
import { prefixed } from './prefixed';

/**
 * The English (en-US) catalogue, the reference every locale matches key for key; texts @portal/resources words are
 * taken from there (README, "i18n"). `{name}` is a parameter; `_one` / `_other` keys are plural forms.
 */
export const enUS = {
  'app.name': 'Developer Portal',
  'app.loading': 'Loading…',
  'app.skipToContent': 'Skip to main content',
  'app.loadingPage': 'Loading page',
  'app.opensInNewTab': '(opens in a new tab)',
  'app.startupFailed': 'The portal could not start',
  'app.tryAgain': 'Try again',
  'app.reload': 'Reload the page',
  'app.somethingWentWrong': 'Something went wrong',
  'app.unexpectedError': 'An unexpected error occurred.',
  'app.backToWelcome': 'Back to the welcome page',
  'app.close': 'Close',
  'app.description':
    'Software, tools, documents and board projects for developers designing in our semiconductors.',

  'nav.main': 'Main',
  'nav.mySpace': 'My space',
  'nav.myProjects': 'My projects',
  'nav.myOrders': 'My orders',
  'nav.myAssets': 'My assets',
  'nav.assets': 'Assets',
  'nav.documents': 'Documents',
  'nav.support': 'Support',
  'nav.admin': 'Admin',
  'nav.cart': 'Cart',
  'nav.cartWithCount_one': 'Cart, {count} item',
  'nav.cartWithCount_other': 'Cart, {count} items',
  'nav.login': 'Login',
  'nav.register': 'Register',
  'nav.openMenu': 'Open the navigation menu',
  'nav.home': 'Developer Portal home',

  'profile.menu': 'Account menu',
  'profile.account': 'Account',
  'profile.loadingName': 'Loading your name',
  'profile.profile': 'My profile',
  'profile.stepUp': 'Sign in with second factor',
  'profile.secondFactorActive': 'Signed in with second factor',
  'profile.toolApiVersion': 'Tool API version: {version}',
  'profile.useToolApiVersion': 'Use tool API {version}',
  'profile.logout': 'Logout',

  'footer.label': 'Legal and contact',
  'footer.usageTerms': 'Terms of use',
  'footer.imprint': 'Imprint',
  'footer.contact': 'Contact',
  'footer.privacy': 'Privacy policy',
  'footer.glossary': 'Glossary',
  'footer.consent': 'Cookie settings',
  'footer.copyright': '© {years} Developer Portal. All rights reserved.',

  'banner.maintenance': 'Maintenance notice',
  'banner.closeMaintenance': 'Close the maintenance notice',
  'banner.instance': 'Test instance: data may be reset at any time and orders are not delivered.',

  'filter.label': 'Search',
  'filter.placeholder': 'Search software, tools and documents',
  'filter.submit': 'Search',

  'notifications.label': 'Notifications',
  'notifications.close': 'Close the notification',
  'notifications.loggedIn': 'You are signed in.',
  'notifications.loggedInMfa': 'You are signed in with a second factor.',
  'notifications.loggedOut': 'You are signed out.',
  'notifications.sessionExpired': 'Your session has expired. Please sign in again.',
  'notifications.loginFailed': 'Sign-in failed',
  'notifications.renewFailed': 'Your session could not be renewed. Please sign in again soon.',
  'notifications.supportId': 'Support ID: {supportId}',
  'notifications.batch.added': 'Added',
  'notifications.batch.deleted': 'Deleted',
  'notifications.batch.updated': 'Updated',
  'notifications.batch.summary_one': '{succeeded} of {count} item done.',
  'notifications.batch.summary_other': '{succeeded} of {count} items done.',

  ...prefixed(
    'error.status.',
    STATUS_TITLES as Record<'400' | '401' | '403' | '404' | '409' | '500' | '502', string>,
  ),
  'error.network': ERROR_TITLES.networkFailure,
  'error.unknown': ERROR_TITLES.unknownError,
  'error.invalidWorkflow': ERROR_TITLES.invalidWorkflow,
  'error.unknownCode': UNKNOWN_ERROR_MESSAGE,

  'signIn.failedToFetchUser': SIGN_IN_MESSAGES.failedToFetchUser,
  'signIn.invalidAuthenticationType': SIGN_IN_MESSAGES.invalidAuthenticationType,

  'page.welcome': 'Welcome',
  'page.signingIn': 'Signing in',
  'page.assets': 'Software and tools',
  'page.software': 'Software',
  'page.softwareBundles': 'Software bundles',
  'page.documents': 'Documents',
  'page.tool': 'Tool details',
  'page.document': 'Document',
  'page.bundle': 'Software bundle',
  'page.checkoutResult': 'Checkout result',
  'page.myOrders': 'My orders',
  'page.myAssets': 'My assets',
  'page.myInstallers': 'Installers',
  'page.cart': 'Cart',
  'page.cartSummary': 'Checkout summary',
  'page.cartQuestionnaire': 'Questionnaire',
  'page.qrCodeScan': 'Scan a QR code',
  'page.myProjects': 'My projects',
  'page.createProject': 'Register product',
  'page.createEsimProject': 'Register eSIM product',
  'page.invitation': 'Invitation',
  'page.project': 'Project',
  'page.editProject': 'Edit project',
  'page.manageMembers': 'Manage members',
  'page.addMembers': 'Add members',
  'page.manageNotifications': 'Notification settings',
  'page.forbidden': 'Access denied',
  'page.notFound': 'Page not found',

  'meta.welcome':
    'Register evaluation boards as projects, download software and tools, and find the documents to design in our products.',
  'meta.assets': 'Browse software, software bundles and tools for our evaluation boards and chips.',
  'meta.documents': 'Data sheets, user guides and application notes for our products.',

  'welcome.heading': 'Welcome to the Developer Portal',
  'welcome.intro':
    'Register your evaluation boards as projects, download software and tools, and find the documents you need to design in our products.',
  'welcome.goToProjects': 'Go to my projects',
  'welcome.getStarted': 'Get started',
  'welcome.registerProduct': 'Register a product',
  'welcome.registerProductText':
    'Turn your board into a project with getting-started material, tools and documents.',
  'welcome.software': 'Software and tools',
  'welcome.softwareText': 'Browse software, bundles and tools for our products.',
  'welcome.documents': 'Documents',
  'welcome.documentsText': 'Data sheets, user guides and application notes.',

  'callback.signingIn': 'Signing you in…',

  'projects.welcome': 'Welcome, {name}',
  'projects.profileFailed': 'Your profile could not be loaded.',
  'projects.retry': 'Retry',
  'projects.loadingProfile': 'Loading your profile',
  'projects.register': 'Register product',
  'projects.empty': 'You have no projects yet',
  'projects.emptyText':
    'Register a board or chip by its serial number to get its software, tools and documents.',

  'forbidden.text':
    'You do not have permission to open this page. If you think you should, contact your company space administrator or our support.',
  'forbidden.supportId': 'Quote this support ID when you contact us: {supportId}',
  'notFound.text': 'The page you are looking for does not exist or has moved.',
} as const;

/**
 * Every English text: the shell's above, which ship with the app; the error codes' texts, which load with the
 * first notice that shows one (`notifications/error-texts.ts`); and the texts of each feature, which load with
 * the feature's pages (`withTexts` in i18n.tsx) so the entry routes do not carry them.
 */
export type EnglishTexts = typeof enUS &
  typeof errorTexts &
  typeof shellPageTexts &
  typeof commerceTexts &
  typeof projectTexts &
  typeof dipTexts;

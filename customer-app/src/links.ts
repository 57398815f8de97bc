/**
 * Pages outside the portal that the header and footer link to (spec product §2.4). The specification names
 * them but not their addresses, and the server's configuration does not carry them yet; they live here, in
 * one place, until it does.
 */
export const externalLinks = {
  support: 'https://www.example.com/support',
  profile: 'https://www.example.com/account/profile',
  usageTerms: 'https://www.example.com/legal/terms-of-use',
  imprint: 'https://www.example.com/legal/imprint',
  contact: 'https://www.example.com/contact',
  privacy: 'https://www.example.com/legal/privacy-policy',
  glossary: 'https://www.example.com/glossary',
} as const;

/** The feature toggle (admin console, /admin/feature-flags) that shows the instance banner. */
export const INSTANCE_BANNER_FLAG = 'instance-banner';

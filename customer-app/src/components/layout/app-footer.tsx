import { copyrightYears } from '@portal/resources';
import { Suspense, useState } from 'react';
import { lazyPart } from '../../app/lazy-page';
import { withShellPageTexts } from '../../app/shell-page-texts';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { externalLinks } from '../../links';
import { ExternalLink } from '../ui/button';
import styles from './footer.module.css';
import layout from './layout.module.css';

const ConsentDialog = lazyPart(() =>
  withShellPageTexts(() => import('./consent-dialog'))().then((m) => ({ default: m.ConsentDialog })),
);

const FOOTER_LINKS: readonly { key: MessageKey; href: string }[] = [
  { key: 'footer.usageTerms', href: externalLinks.usageTerms },
  { key: 'footer.imprint', href: externalLinks.imprint },
  { key: 'footer.contact', href: externalLinks.contact },
  { key: 'footer.privacy', href: externalLinks.privacy },
  { key: 'footer.glossary', href: externalLinks.glossary },
];

/** Usage terms, imprint, contact, privacy policy, glossary, consent management and the copyright line. */
export function AppFooter() {
  const { t } = useI18n();
  const [consentOpen, setConsentOpen] = useState(false);
  return (
    <footer className={styles.footer}>
      <div className={layout.container}>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.links}>
            {FOOTER_LINKS.map(({ key, href }) => (
              <li key={key}>
                <ExternalLink href={href} newTabLabel={t('app.opensInNewTab')}>
                  {t(key)}
                </ExternalLink>
              </li>
            ))}
            <li>
              <button type="button" className={styles.consent} onClick={() => setConsentOpen(true)}>
                {t('footer.consent')}
              </button>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>
          {t('footer.copyright', { years: copyrightYears(new Date().getFullYear()) })}
        </p>
      </div>
      {consentOpen && (
        <Suspense fallback={null}>
          <ConsentDialog onClose={() => setConsentOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}

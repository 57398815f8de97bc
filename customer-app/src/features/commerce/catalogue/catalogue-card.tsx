import type { CatalogueItem } from '@portal/resources';
import { Link } from 'react-router';
import { Chip } from '../../../components/ui/chip';
import { Icon, SvgIcon } from '../../../components/ui/icon';
import { article, build, cloud } from '../../../components/ui/page-icons';
import { useI18n } from '../../../i18n/i18n';
import { CatalogueIcon } from '../components/catalogue-icon';
import { itemPath } from './catalogue-search';
import styles from './catalogue.module.css';

function KindIcon({ item }: { item: CatalogueItem }) {
  if (item.kind === 'software-bundle') return <Icon name="inventory" />;
  if (item.kind === 'document') return <SvgIcon d={article} />;
  return <SvgIcon d={item.category === 'tool_online' ? cloud : build} />;
}

/**
 * One entry of the catalogue: its kind, name, description, latest version and tags, and what can be done with
 * it. The whole card is one link to the details page, named by the entry.
 */
export function CatalogueCard({ item }: { item: CatalogueItem }) {
  const { t } = useI18n();
  return (
    <article className={styles.card}>
      <Link to={itemPath(item)} className={styles.cardLink}>
        <span className={styles.kind}>
          <span className={styles.kindIcon}>
            <CatalogueIcon icon={item.icon} fallback={<KindIcon item={item} />} />
          </span>
          {t(`commerce.category.${item.category}`)}
        </span>
        <h2 className={styles.cardTitle}>{item.name}</h2>
        {item.description && <p className={styles.description}>{item.description}</p>}
        <span className={styles.grow} />
        {item.latestVersion && (
          <span className={styles.version}>
            {t('commerce.latestVersion', { version: item.latestVersion })}
          </span>
        )}
        {(item.tags.length > 0 || item.payable || item.installable) && (
          <span className={styles.tags}>
            {item.payable && <Chip small look="primary" label={t('commerce.badge.payable')} />}
            {item.installable && <Chip small label={t('commerce.badge.launcher')} />}
            {item.tags.map((tag) => (
              <Chip key={tag} small label={tag} />
            ))}
          </span>
        )}
      </Link>
    </article>
  );
}

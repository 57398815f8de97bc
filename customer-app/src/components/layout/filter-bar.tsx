import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../ui/button';
import { InputField } from '../ui/field';
import { SvgIcon } from '../ui/icon';
import { search } from '../ui/page-icons';
import layout from './layout.module.css';
import styles from './filter-bar.module.css';

/**
 * The filter bar of the routes flagged for it (spec product §2.4): a search that keeps its text in the URL as
 * `q`, which the catalogue pages read. Plain React and CSS: the catalogue pages load no MUI.
 */
export function FilterBar() {
  const { t } = useI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    const next = new URLSearchParams(searchParams);
    if (value) next.set('q', value);
    else next.delete('q');
    setSearchParams(next);
  };

  return (
    <div className={styles.bar}>
      <div className={layout.container}>
        <form role="search" onSubmit={submit} className={styles.form}>
          <InputField
            key={q}
            className={styles.field}
            label={t('filter.label')}
            name="q"
            type="search"
            placeholder={t('filter.placeholder')}
            defaultValue={q}
          />
          <button type="submit" className={buttonClass({ variant: 'contained' })}>
            <SvgIcon d={search} small />
            {t('filter.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}

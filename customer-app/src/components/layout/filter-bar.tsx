import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import { useId, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MuiScope } from '../../app/mui-scope';
import { useI18n } from '../../i18n/i18n';

/**
 * The filter bar of the routes flagged for it (spec product §2.4): a search that keeps its text in the URL as
 * `q`, which the catalogue pages read.
 */
export function FilterBar() {
  const { t } = useI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const inputId = useId();
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
    <MuiScope>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
        <Container maxWidth="lg">
          <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
            <TextField
              key={q}
              id={inputId}
              name="q"
              type="search"
              size="small"
              label={t('filter.label')}
              placeholder={t('filter.placeholder')}
              defaultValue={q}
              fullWidth
            />
            <Button type="submit" variant="contained" startIcon={<Search />}>
              {t('filter.submit')}
            </Button>
          </Box>
        </Container>
      </Box>
    </MuiScope>
  );
}

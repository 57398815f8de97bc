import Delete from '@mui/icons-material/Delete';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { z } from 'zod';
import { apiErrorsOf } from '../../providers/errors';

/**
 * A list of email addresses with an add form and a remove button each: a restricted board's allowed emails,
 * a board's permissions. `schema` checks a new address before the call, with the API's message.
 */
export function EmailListSection<T>({
  titleKey,
  emptyKey,
  addLabelKey,
  addKey,
  removeKey,
  items,
  emailOf,
  schema,
  onAdd,
  onRemove,
  description,
}: {
  titleKey: string;
  emptyKey: string;
  addLabelKey: string;
  addKey: string;
  removeKey: string;
  items: readonly T[];
  emailOf: (item: T) => string;
  schema: z.ZodType;
  onAdd: (email: string) => Promise<unknown>;
  onRemove: (item: T) => Promise<unknown>;
  description?: string;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(email.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      await onAdd(email.trim());
      setEmail('');
      setError(null);
    } catch (failure) {
      setError(
        apiErrorsOf(failure)
          .flatMap((item) => item.messages)
          .join(' ') || (failure as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500 }}>
          {translate(titleKey)}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ my: 1 }}>
            {translate(emptyKey)}
          </Typography>
        ) : (
          <List dense>
            {items.map((item) => (
              <ListItem
                key={emailOf(item)}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={translate(removeKey, { email: emailOf(item) })}
                    onClick={() => void onRemove(item)}
                  >
                    <Delete />
                  </IconButton>
                }
              >
                <ListItemText primary={emailOf(item)} />
              </ListItem>
            ))}
          </List>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void add(event)}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 560 }}
        >
          <TextField
            label={translate(addLabelKey)}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={!!error}
            helperText={error ?? ' '}
            size="small"
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<PersonAdd />}
            disabled={busy}
            sx={{ mt: 1, flexShrink: 0 }}
          >
            {translate(addKey)}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

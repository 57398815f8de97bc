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
import { companySpaceMemberInputSchema, type CompanySpace, type CompanySpaceUser } from '@portal/resources';
import { useId, useState, type FormEvent } from 'react';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { apiErrorsOf } from '../../providers/errors';
import { useApi } from '../../providers/api-context';

/**
 * The members or the FAEs of a company space: who they are, adding an existing portal user by email, removing
 * one. The API checks who may (an admin, or this space's company space admin) and answers the space.
 */
export function PeopleSection({ list }: { list: 'members' | 'faes' }) {
  const record = useRecordContext<CompanySpace & { id: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useApi();
  const { canAccess } = useCanAccess({ resource: 'company-spaces', action: 'edit' });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  if (!record) return null;
  const people: CompanySpaceUser[] = record[list] ?? [];

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = companySpaceMemberInputSchema.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      const input = { params: { id: record.uuid }, body: parsed.data };
      if (list === 'members') await api.call('POST /company-spaces/:id/members', input);
      else await api.call('POST /company-spaces/:id/faes', input);
      setEmail('');
      setError(null);
      notify(`portal.company_spaces.${list}_added`, {
        type: 'success',
        messageArgs: { email: parsed.data.email },
      });
      refresh();
    } catch (failure) {
      const message =
        apiErrorsOf(failure)
          .flatMap((item) => item.messages)
          .join(' ') || (failure as Error).message;
      setError(message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (person: CompanySpaceUser) => {
    try {
      const input = { params: { id: record.uuid, userId: person.id } };
      if (list === 'members') await api.call('DELETE /company-spaces/:id/members/:userId', input);
      else await api.call('DELETE /company-spaces/:id/faes/:userId', input);
      notify(`portal.company_spaces.${list}_removed`, {
        type: 'success',
        messageArgs: { email: person.email },
      });
      refresh();
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500 }}>
          {translate(`portal.company_spaces.${list}`)}
        </Typography>
        {people.length === 0 ? (
          <Typography color="text.secondary" sx={{ my: 1 }}>
            {translate(`portal.company_spaces.no_${list}`)}
          </Typography>
        ) : (
          <List dense>
            {people.map((person) => (
              <ListItem
                key={person.id}
                secondaryAction={
                  canAccess ? (
                    <IconButton
                      edge="end"
                      aria-label={translate(`portal.company_spaces.remove_${list}`, { email: person.email })}
                      onClick={() => void remove(person)}
                    >
                      <Delete />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemText primary={person.email} secondary={person.username} />
              </ListItem>
            ))}
          </List>
        )}
        {canAccess && (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => void add(event)}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 560 }}
          >
            <TextField
              label={translate(`portal.company_spaces.add_${list}_label`)}
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
              {translate(`portal.company_spaces.add_${list}`)}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

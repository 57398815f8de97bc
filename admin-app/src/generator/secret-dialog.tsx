import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface SecretToShow {
  /** The catalogue key of what the secret is (a service account's secret). */
  label: string;
  value: string;
  /** Who it belongs to, shown in the title (the client id). */
  owner?: string;
  onClose?: () => void;
}

const SecretContext = createContext<(secret: SecretToShow) => void>(() => undefined);

/** Shows a secret the API answers only once, until the admin confirms they copied it. */
export const useShowSecret = () => useContext(SecretContext);

export function SecretDialogProvider({ children }: { children: ReactNode }) {
  const [secret, setSecret] = useState<SecretToShow | null>(null);
  const [copied, setCopied] = useState(false);
  const translate = useTranslate();
  const show = useCallback((next: SecretToShow) => {
    setCopied(false);
    setSecret(next);
  }, []);
  const close = () => {
    secret?.onClose?.();
    setSecret(null);
  };
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.value);
      setCopied(true);
    } catch {
      // Without clipboard access the admin selects the text themselves.
    }
  };
  const value = useMemo(() => show, [show]);
  return (
    <SecretContext.Provider value={value}>
      {children}
      <Dialog open={!!secret} aria-labelledby="secret-dialog-title" maxWidth="sm" fullWidth>
        <DialogTitle id="secret-dialog-title">
          {translate('portal.secret.title', { owner: secret?.owner ?? '' })}
        </DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('portal.secret.once')}
          </Alert>
          <TextField
            label={translate(secret?.label ?? 'portal.secret.label')}
            value={secret?.value ?? ''}
            fullWidth
            slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
            {translate(copied ? 'portal.secret.copied' : 'portal.secret.copy')}
          </Button>
          <Button variant="contained" onClick={close}>
            {translate('portal.secret.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </SecretContext.Provider>
  );
}

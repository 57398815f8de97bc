import { saveFile } from '../../shared/save-file';
import Download from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useNotify } from 'react-admin';
import { useDownload } from '../../providers/api-context';

/** Every role assignment as CSV, made by the server (`GET users/roles/csv`, spec §6), not only this page. */
export function ExportRolesButton() {
  const download = useDownload();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportAll = async () => {
    setBusy(true);
    try {
      saveFile(await download('users/roles/csv', 'text/csv'), 'user-roles.csv');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="portal.user_roles.export" onClick={() => void exportAll()} disabled={busy}>
      <Download />
    </Button>
  );
}

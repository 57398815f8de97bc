import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { changedFields, valueText } from './diff';

/** Cells wrap long values (a list saved whole) instead of widening the table. */
const valueCell = { wordBreak: 'break-word', maxWidth: 360 } as const;

/**
 * The readable diff of the audit record in context: one row per changed field, old → new; a secret's row says
 * that it changed and nothing more.
 */
export function ChangesField({ beforeSource = 'before', afterSource = 'after' }) {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const changes = changedFields(record[beforeSource], record[afterSource]);
  if (changes.length === 0) {
    return <Typography variant="body2">{translate('portal.history.no_changes')}</Typography>;
  }
  return (
    <Table size="small" aria-label={translate('portal.history.tab')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('portal.history.field')}</TableCell>
          <TableCell>{translate('portal.history.old')}</TableCell>
          <TableCell>{translate('portal.history.new')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.field}>
            <TableCell component="th" scope="row">
              {change.field}
            </TableCell>
            {change.hidden ? (
              <TableCell colSpan={2}>{translate('portal.history.hidden')}</TableCell>
            ) : (
              <>
                <TableCell sx={valueCell}>{valueText(change.before)}</TableCell>
                <TableCell sx={valueCell}>→ {valueText(change.after)}</TableCell>
              </>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

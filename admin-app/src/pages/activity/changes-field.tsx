import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { recordChanges, valueText, type FieldChange } from './diff';

/** Cells wrap long values (a list saved whole) instead of widening the table. */
const valueCell = { wordBreak: 'break-word', maxWidth: 360 } as const;

function FieldName({ change }: { change: FieldChange }) {
  return (
    <TableCell component="th" scope="row">
      {change.field}
    </TableCell>
  );
}

/**
 * The readable change of the audit record in context (issue 45): a note for an action without fields (a secret
 * rotation), a short summary of a created or deleted record (its name and the fields a person set), else one row
 * per changed field, old → new; a secret's row says that it changed and nothing more.
 */
export function ChangesField() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const changes = recordChanges({
    action: String(record.action),
    before: record.before,
    after: record.after,
  });
  if (changes.kind === 'note') return <Typography variant="body2">{changes.text}</Typography>;
  if (changes.fields.length === 0) {
    return <Typography variant="body2">{translate('portal.history.no_changes')}</Typography>;
  }
  if (changes.kind !== 'changed') {
    const side = changes.kind === 'created' ? 'after' : 'before';
    return (
      <Table size="small" aria-label={translate(`portal.history.${changes.kind}`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('portal.history.field')}</TableCell>
            <TableCell>{translate(`portal.history.${changes.kind}`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.fields.map((change) => (
            <TableRow key={change.field}>
              <FieldName change={change} />
              <TableCell sx={valueCell}>
                {change.hidden ? translate('portal.history.hidden') : valueText(change[side])}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
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
        {changes.fields.map((change) => (
          <TableRow key={change.field}>
            <FieldName change={change} />
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

import { auditLogResource } from '@portal/resources';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { createContext, useContext, useId, useState, type ComponentType, type ReactNode } from 'react';
import { useCanAccess, useTranslate, type Identifier } from 'react-admin';

/** The audit log's resource name (its definition: `auditLogResource` of @portal/resources). */
export const AUDIT_LOG = auditLogResource.name;

/** A record's history list: its own changes and its parts' (`historyKey` of @portal/resources). */
export type RecordHistoryView = ComponentType<{ entity: string; entityId: Identifier }>;

/**
 * The History view the record pages show in their tab. Given by the console (loaded when first opened), so the
 * generator does not import the Activity pages that are built from it.
 */
const HistoryContext = createContext<RecordHistoryView | undefined>(undefined);

export function HistoryProvider({ view, children }: { view: RecordHistoryView; children: ReactNode }) {
  return <HistoryContext.Provider value={view}>{children}</HistoryContext.Provider>;
}

/** The History view when the console gives one and the user may read the audit log, else undefined. */
export function useRecordHistoryView(): RecordHistoryView | undefined {
  const view = useContext(HistoryContext);
  const { canAccess } = useCanAccess({ resource: AUDIT_LOG, action: 'list' });
  return canAccess ? view : undefined;
}

const TABS = [
  { key: 'details', label: 'portal.history.details' },
  { key: 'history', label: 'portal.history.tab' },
] as const;

/**
 * A record page's Details and History tabs. Plain buttons with the tab roles: MUI's Tabs would add their weight to
 * the console's first load (its budget), and the history list itself loads when first opened.
 */
export function HistoryTabs({ details, history }: { details: ReactNode; history: ReactNode }) {
  const translate = useTranslate();
  const id = useId();
  const [shown, setShown] = useState<(typeof TABS)[number]['key']>('details');
  return (
    <>
      <Box
        role="tablist"
        sx={{ display: 'flex', gap: 1, px: 2, pt: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((tab) => (
          <Button
            key={tab.key}
            role="tab"
            id={`${id}-${tab.key}`}
            aria-selected={shown === tab.key}
            aria-controls={`${id}-panel`}
            variant={shown === tab.key ? 'contained' : 'text'}
            size="small"
            onClick={() => setShown(tab.key)}
          >
            {translate(tab.label)}
          </Button>
        ))}
      </Box>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${shown}`}>
        {shown === 'details' ? details : history}
      </Box>
    </>
  );
}

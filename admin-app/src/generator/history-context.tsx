import { auditLogResource } from '@portal/resources';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { useCanAccess, type Identifier } from 'react-admin';

/** The audit log's resource name (its definition: `auditLogResource` of @portal/resources). */
export const AUDIT_LOG = auditLogResource.name;

/** A record's history list: the audit records of one entity and id. */
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

import { historyKey, type AuditRecord, type ResourceDefinition } from '@portal/resources';
import { useRecordContext, type Identifier } from 'react-admin';
import { useDefinitions } from '../../generator/definitions-context';
import { AUDIT_LOG } from '../../generator/history-context';
import { GeneratedList, GeneratedShow, type ViewCustomization } from '../../generator/views';
import { activityExporter, actorText, subjectText } from './activity-csv';
import { ChangesField } from './changes-field';

/** What the Activity views add to the generated ones: the diff of each change, never a create button. */
export const activityCustomization: ViewCustomization = {
  fields: {
    actor: () => <ActorField key="actor" />,
    subject: () => <SubjectField key="subject" label="About" />,
  },
  list: {
    createButton: false,
    exporter: activityExporter,
    rowClick: 'show',
    extraColumns: [{ label: 'portal.history.changes', element: <ChangesField /> }],
  },
  show: { hideFields: ['before', 'after'], sections: <ChangesField /> },
};

/** Who made the change (one text for the page and the CSV). */
function ActorField(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  return record ? <span>{actorText(record)}</span> : null;
}

/** Whom or what the record is about: the person (name and email), else the entity's id. */
function SubjectField(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  return record ? <span>{subjectText(record)}</span> : null;
}

function useAuditDefinition(): ResourceDefinition | undefined {
  return useDefinitions().get(AUDIT_LOG);
}

/** The Activity page: every change the user may see, with the definition's filters, CSV export and diffs. */
export function ActivityList() {
  const definition = useAuditDefinition();
  return definition ? <GeneratedList definition={definition} customization={activityCustomization} /> : null;
}

/** One audit record with its diff. */
export function ActivityShow() {
  const definition = useAuditDefinition();
  return definition ? <GeneratedShow definition={definition} customization={activityCustomization} /> : null;
}

/**
 * A record's History: its own changes and its parts' (versions, files, members, permissions; for a user every
 * record about them), found by the server's one rule for `historyKey`, newest first, with the same diff view.
 */
export function RecordHistory({ entity, entityId }: { entity: string; entityId: Identifier }) {
  const definition = useAuditDefinition();
  if (!definition) return null;
  return (
    <GeneratedList
      definition={definition}
      customization={activityCustomization}
      filter={{ history: historyKey(entity, entityId) }}
      disableSyncWithLocation
      title={false}
    />
  );
}

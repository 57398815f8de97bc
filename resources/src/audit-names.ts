/**
 * The names the history is written and filtered with (issue 45): one spelling (snake_case). These are the entity
 * types hand-written server code writes by name; each resource definition adds its own (`auditEntityOf`), and
 * `AUDIT_ENTITIES` (admin/resources) is both together, the list the console's Activity filter offers.
 */
export const WRITTEN_AUDIT_ENTITIES = [
  'billing_information',
  'board',
  'bundle_version',
  'checkout',
  'company_space',
  'export_access_request',
  'installer',
  'license',
  'order',
  'project',
  'question',
  'questionnaire',
  'software_bundle',
  'tool',
  'tool_version',
  'user',
  'user_role',
] as const;

declare const fromDefinition: unique symbol;
/** An entity type named by a resource definition (`auditEntityOf`), not by hand. */
type DefinedAuditEntity = string & { readonly [fromDefinition]: true };
/** An entity type of the history: one hand-written code names, or a definition's. */
export type AuditEntity = (typeof WRITTEN_AUDIT_ENTITIES)[number] | DefinedAuditEntity;

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  // people and access
  'add_member',
  'remove_member',
  'add_fae',
  'remove_fae',
  'add_members',
  'set_fae',
  'set_substitute',
  'remove_substitute',
  'transfer_ownership',
  'leave',
  'create_invitation',
  'revoke_invitation',
  'accept_invitation',
  'grant_permission',
  'revoke_permission',
  'add_restriction',
  'remove_restriction',
  'rotate_secret',
  'notification_settings',
  // boards
  'add_link',
  'update_link',
  'delete_link',
  'order_links',
  'add_serial_numbers',
  'update_serial_number',
  'delete_serial_number',
  'create_document',
  'update_document',
  'delete_document',
  'assign_document',
  'unassign_document',
  'assign_partner',
  'unassign_partner',
  'save_follow_up',
  'delete_follow_up',
  'save_secure_workflow',
  'save_xml_validation_entries',
  'save_dip_steps',
  'save_dip_step_getting_started',
  'save_getting_started',
  'delete_dip',
  'update_support_link',
  'set_tools',
  // design-in process
  'dip_asset_upload',
  'dip_asset_delete',
  'dip_complete',
  'dip_reset',
  'dip_resolve',
  // catalogue and commerce
  'add_file',
  'replace_file',
  'delete_file',
  'set_icon',
  'update_request_flow',
  'create_installation_key',
  'copy',
  'checkout',
  'cancel',
  'resume',
  'expire',
  'payment_confirmed',
  'payment_failed',
  'grant',
  'refuse',
  'position_approved',
  'position_rejected',
  'position_reopened',
  'cancel_request',
  'cancel_accept',
  'cancel_reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The record pages whose History tab the console shows, by the entity type their History is found under.
 * @public read by server/test/audit-coverage.test.ts, which Knip leaves out (see knip.jsonc).
 */
export const HISTORY_ENTITIES = [
  'user',
  'board',
  'project',
  'tool',
  'software_bundle',
  'company_space',
  'service_account',
] as const;

/**
 * The key a History tab asks the `history` filter for: `entity:id`. The server finds the record's own changes
 * (entity and id) and its parts' (`parent` written with them), and for a user the records about them (`subject`).
 */
export const historyKey = (entity: string, id: string | number) => `${entity}:${String(id)}`;

/** A history key's entity and id, or null when it is not one (no colon, empty id). */
export function parseHistoryKey(key: string): { entity: string; id: string } | null {
  const colon = key.indexOf(':');
  if (colon <= 0 || colon === key.length - 1) return null;
  return { entity: key.slice(0, colon), id: key.slice(colon + 1) };
}

/** The actions whose record holds no field change of its own, and the words the console shows for them. */
export const AUDIT_ACTION_SUMMARIES: Partial<Record<AuditAction, string>> = {
  rotate_secret: 'Secret rotated',
};

/**
 * The entities of spec product §3. Each `xSchema` is the record as the API answers it: types and identifier
 * formats only, so records written under older rules or imported from upstream still read. What a form or an
 * API write must satisfy (the rules of §5) is the matching `xInputSchema` or payload schema.
 */
export * from './board.js';
export * from './board-access.js';
export * from './board-tools.js';
export * from './bundle.js';
export * from './cart.js';
export * from './company-space.js';
export * from './dip.js';
export * from './document.js';
export * from './esim.js';
export * from './getting-started.js';
export * from './invitation.js';
export * from './license.js';
export * from './link.js';
export * from './list-range.js';
export * from './maintenance.js';
export * from './notification.js';
export * from './order.js';
export * from './partner.js';
export * from './project.js';
export * from './questionnaire.js';
export * from './secure-workflow.js';
export * from './service-account.js';
export * from './tool.js';
export * from './user.js';
export * from './feature-flag.js';
export * from './company-space-members.js';
export * from './audit-log.js';

import { gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as resources from '@portal/resources';
import {
  HISTORY_ENTITIES,
  INVITATION_PASSWORD_HEADER,
  auditEntityOf,
  historyEntityOf,
  historyKey,
  type ResourceDefinition,
} from '@portal/resources';
import { auditLog, identityAccounts } from '../src/db/schema.js';
import { SECRET_FIELD } from '@portal/resources';
import { redactSecrets } from '../src/crud/audit.js';
import { demoIconPng } from '../src/db/demo-tool-icons.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';
import { tool as cartTool } from './support/cart-entries.js';
import { dipUploadProject } from './access-dip-support.js';
import { demoBoards, projectTestKit } from './projects-support.js';
import { generatedWriteSteps, type WalkStep } from './support/generated-writes.js';

/**
 * Issue 22 point 3: every state-changing API route writes an audit record when it succeeds, and no record holds a
 * secret. The walk makes each route succeed with real inputs, in order (a create gives the id later steps use);
 * a route that writes no record by design, or that the walk cannot make succeed, is listed below with its reason.
 * The generator's create, update and delete routes that no step names are walked from their definition's schemas.
 */

type Ids = Record<string, string>;
type Caller = 'admin' | 'customer' | 'promoted';

interface Step extends WalkStep {
  as?: Caller;
  headers?: (ids: Ids) => Record<string, string>;
}

/** Routes that write no audit record by design: each with the reason. */
const WRITES_NO_RECORD: Record<string, string> = {
  'POST /api/v1/catalogue/custom-bundles':
    'a pure read via POST: prices a bundle from the request, stores nothing',
};

/** Routes the walk does not make succeed (yet): each must still be named, so none is skipped silently. */
const NOT_WALKED: Record<string, string> = {
  'POST /api/v1/payments/stripe/webhook':
    'signed by the payment provider: its events (paid, failed, expired) are audited as the provider in modules/catalogue/checkout/provider-events.ts, proved by checkout-stripe.test.ts',
};

const document = (title: string) => ({
  title,
  type: 'user manual',
  filename: title,
  url: 'https://documents.example.com/audit.pdf',
});

const dipStep = {
  title: 'Upload your schematics',
  description: 'Upload the schematics of your design.',
  resolverRoles: ['project-member'],
  completer: null,
  completionType: 'file-upload',
  confirmationRequired: true,
  csaReset: false,
  secure: false,
  childProject: null,
};

const question = (title: string) => ({
  type: 'free-text',
  title,
  description: null,
  choices: [],
  dependentQuestions: [],
  optional: false,
  autofillType: 'none',
});

const tool = {
  name: 'Audit Tool',
  featureId: 'audit-tool',
  type: 'tool',
  icon: 'icons/audit.svg',
  description: 'Walked by the audit test.',
  externalUrl: null,
  isOnlineTool: false,
  isInstallableViaLauncher: true,
  licenseText: 'Use it well.',
};

const toolVersion = {
  version: '1.0.0',
  versionNumeric: 10000,
  description: 'First release.',
  orderable: true,
  tags: ['stable'],
  protocolLink: null,
  spn: null,
  price: null,
  public: true,
  canDownload: true,
  releaseNotes: 'Everything is new.',
  exportControlled: false,
  exportControlClassifications: [],
  links: [],
  dependencies: [],
  additionalAttributes: {},
};

const bundle = {
  uuid: 'BND-AUDIT',
  name: 'Audit Bundle',
  orderable: true,
  released: false,
  iconUrl: null,
  hardwareNames: [],
  toolFeatureIds: ['nx-flash-programmer'],
  documentFeatureIds: [],
  questionnaireId: null,
  requestFlow: 'cart',
};

const bundleVersion = {
  version: '2025.9',
  description: 'Pinned.',
  released: false,
  toolVersions: [{ featureId: 'nx-flash-programmer', version: '3.0.0' }],
};

const address = { street: 'Rue 1', postalCode: '75001', city: 'Paris', country: 'FR' };

const walk: Step[] = [
  // Partners and metadata keys: generic resources whose ids later steps use or whose key stays. Feature flags
  // have no step: the generated writes are walked with bodies made from their schemas (support/generated-writes).
  {
    route: 'POST /api/v1/partners',
    url: () => '/partners',
    body: () => ({ name: 'Audit Partner', linkUrl: 'https://audit.example.com' }),
    keep: (a, ids) => (ids.partner = String(a.id)),
  },
  {
    route: 'PUT /api/v1/partners/:id',
    url: (ids) => `/partners/${ids.partner}`,
    body: () => ({ name: 'Audit Partner 2', linkUrl: 'https://audit.example.com' }),
  },
  {
    route: 'POST /api/v1/metadata-keys',
    url: () => '/metadata-keys',
    body: () => ({ key: 'auditWalk', label: 'Audit walk' }),
  },
  {
    route: 'PUT /api/v1/metadata-keys/:key',
    url: () => '/metadata-keys/auditWalk',
    body: () => ({ key: 'auditWalk', label: 'Audit walk 2' }),
  },
  { route: 'DELETE /api/v1/metadata-keys/:key', url: () => '/metadata-keys/auditWalk' },
  // Service accounts: the secret is answered once, never recorded.
  {
    route: 'POST /api/v1/service-accounts',
    url: () => '/service-accounts',
    body: () => ({
      clientId: 'audit-walk',
      userEmail: 'audit-walk@example.com',
      defaultRoles: ['Promoted User'],
    }),
    keep: (a, ids) => (ids.serviceAccount = String(a.id)),
  },
  {
    route: 'PUT /api/v1/service-accounts/:id',
    url: (ids) => `/service-accounts/${ids.serviceAccount}`,
    body: () => ({ clientId: 'audit-walk', userEmail: 'audit-walk@example.com', defaultRoles: ['MFA User'] }),
  },
  {
    route: 'POST /api/v1/service-accounts/:id/secret',
    url: (ids) => `/service-accounts/${ids.serviceAccount}/secret`,
  },
  { route: 'DELETE /api/v1/service-accounts/:id', url: (ids) => `/service-accounts/${ids.serviceAccount}` },
  // Roles.
  {
    route: 'POST /api/v1/users/roles',
    url: () => '/users/roles',
    body: () => ({ role: 'Promoted User', user: 'customer@portal.test' }),
  },
  {
    route: 'DELETE /api/v1/users/roles',
    url: () => '/users/roles',
    body: () => ({ role: 'Promoted User', user: 'customer@portal.test' }),
  },
  // Company spaces.
  {
    route: 'POST /api/v1/company-spaces',
    url: () => '/company-spaces',
    body: () => ({ name: 'Audit Space' }),
    keep: (a, ids) => (ids.space = String(a.uuid ?? a.id)),
  },
  {
    route: 'PUT /api/v1/company-spaces/:id',
    url: (ids) => `/company-spaces/${ids.space}`,
    body: () => ({ name: 'Audit Space 2' }),
  },
  {
    route: 'POST /api/v1/company-spaces/:id/members',
    url: (ids) => `/company-spaces/${ids.space}/members`,
    body: () => ({ email: 'admin@portal.test' }),
    keep: (a, ids) => (ids.member = (a.members as { id: string }[])[0]!.id),
  },
  {
    route: 'POST /api/v1/company-spaces/:id/faes',
    url: (ids) => `/company-spaces/${ids.space}/faes`,
    body: () => ({ email: 'internal@portal.test' }),
    keep: (a, ids) => (ids.fae = (a.faes as { id: string }[])[0]!.id),
  },
  {
    route: 'DELETE /api/v1/company-spaces/:id/faes/:userId',
    url: (ids) => `/company-spaces/${ids.space}/faes/${ids.fae}`,
  },
  {
    route: 'DELETE /api/v1/company-spaces/:id/members/:userId',
    url: (ids) => `/company-spaces/${ids.space}/members/${ids.member}`,
  },
  // Boards.
  {
    route: 'POST /api/v1/boards',
    url: () => '/boards',
    body: () => ({ name: 'Audit_Walk_Board', ispn: 'AUDIT-ISPN' }),
    keep: (a, ids) => (ids.board = String(a.id)),
  },
  {
    route: 'PUT /api/v1/boards/:id',
    url: (ids) => `/boards/${ids.board}`,
    body: () => ({ name: 'Audit_Walk_Board', description: 'Walked' }),
  },
  {
    route: 'PUT /api/v1/boards/:id/support-link',
    url: (ids) => `/boards/${ids.board}/support-link`,
    body: () => ({ supportLink: 'https://support.example.com' }),
  },
  {
    route: 'POST /api/v1/boards/:id/restrictions',
    url: (ids) => `/boards/${ids.board}/restrictions`,
    body: () => ({ email: 'customer@portal.test' }),
  },
  {
    route: 'DELETE /api/v1/boards/:id/restrictions/:email',
    url: (ids) => `/boards/${ids.board}/restrictions/customer%40portal.test`,
  },
  {
    route: 'POST /api/v1/boards/:id/partners',
    url: (ids) => `/boards/${ids.board}/partners`,
    body: (ids) => ({ partnerId: ids.partner }),
  },
  {
    route: 'DELETE /api/v1/boards/:id/partners/:partnerId',
    url: (ids) => `/boards/${ids.board}/partners/${ids.partner}`,
  },
  { route: 'DELETE /api/v1/partners/:id', url: (ids) => `/partners/${ids.partner}` },
  {
    route: 'POST /api/v1/boards/:id/links',
    url: (ids) => `/boards/${ids.board}/links`,
    body: () => ({ title: 'Audit link', url: 'https://link.example.com' }),
    keep: (a, ids) => (ids.link = String(a.id)),
  },
  {
    route: 'PUT /api/v1/boards/:id/links/:linkId',
    url: (ids) => `/boards/${ids.board}/links/${ids.link}`,
    body: () => ({ title: 'Audit link 2', url: 'https://link.example.com' }),
  },
  {
    route: 'PUT /api/v1/boards/:id/links/order',
    url: (ids) => `/boards/${ids.board}/links/order`,
    body: (ids) => ({ ids: [ids.link] }),
  },
  {
    route: 'DELETE /api/v1/boards/:id/links/:linkId',
    url: (ids) => `/boards/${ids.board}/links/${ids.link}`,
  },
  {
    route: 'POST /api/v1/boards/:id/serial-numbers',
    url: (ids) => `/boards/${ids.board}/serial-numbers`,
    body: () => ({ serialNumbers: 'AUDIT0001' }),
    keep: (a, ids) => (ids.serial = (a as unknown as { id: string }[])[0]!.id),
  },
  {
    route: 'PUT /api/v1/boards/:id/serial-numbers/:serialNumberId',
    url: (ids) => `/boards/${ids.board}/serial-numbers/${ids.serial}`,
    body: () => ({ multiRegistration: true }),
  },
  {
    route: 'DELETE /api/v1/boards/:id/serial-numbers/:serialNumberId',
    url: (ids) => `/boards/${ids.board}/serial-numbers/${ids.serial}`,
  },
  // The board's content: documents, tools, getting started, design-in steps, secure workflow, access.
  {
    route: 'POST /api/v1/boards/:id/documents',
    url: (ids) => `/boards/${ids.board}/documents`,
    body: () => ({ ...document('Audit board doc'), exclusive: true }),
    keep: (a, ids) => (ids.boardDocument = String(a.id)),
  },
  {
    route: 'PUT /api/v1/boards/:id/documents/:documentId',
    url: (ids) => `/boards/${ids.board}/documents/${ids.boardDocument}`,
    body: () => ({ ...document('Audit board doc 2'), exclusive: true }),
  },
  {
    route: 'DELETE /api/v1/boards/:id/documents/:documentId',
    url: (ids) => `/boards/${ids.board}/documents/${ids.boardDocument}`,
  },
  {
    route: 'POST /api/v1/documents',
    url: () => '/documents',
    body: () => ({ ...document('Audit doc'), exclusive: false }),
    keep: (a, ids) => (ids.document = String(a.id)),
  },
  {
    route: 'PUT /api/v1/documents/:id',
    url: (ids) => `/documents/${ids.document}`,
    body: () => ({ ...document('Audit doc 2'), exclusive: false }),
  },
  {
    route: 'POST /api/v1/boards/:id/document-assignments',
    url: (ids) => `/boards/${ids.board}/document-assignments`,
    body: (ids) => ({ documentId: ids.document }),
  },
  {
    route: 'DELETE /api/v1/boards/:id/document-assignments/:documentId',
    url: (ids) => `/boards/${ids.board}/document-assignments/${ids.document}`,
  },
  { route: 'DELETE /api/v1/documents/:id', url: (ids) => `/documents/${ids.document}` },
  {
    route: 'PUT /api/v1/boards/:id/tools',
    url: (ids) => `/boards/${ids.board}/tools`,
    body: () => ({ toolIds: [] }),
  },
  {
    route: 'PUT /api/v1/boards/:id/getting-started',
    url: (ids) => `/boards/${ids.board}/getting-started`,
    body: () => ({ items: [{ title: 'Audit getting started', description: null }] }),
  },
  {
    route: 'PUT /api/v1/boards/:id/dip-steps',
    url: (ids) => `/boards/${ids.board}/dip-steps`,
    body: () => ({ steps: [dipStep] }),
    keep: (a, ids) => (ids.dipStep = (a.steps as { id: string }[])[0]!.id),
  },
  {
    route: 'PUT /api/v1/boards/:id/dip-steps/:stepId/getting-started',
    url: (ids) => `/boards/${ids.board}/dip-steps/${ids.dipStep}/getting-started`,
    body: () => ({ items: [{ title: 'Audit step guide', description: null }] }),
  },
  { route: 'DELETE /api/v1/boards/:id/dip-steps', url: (ids) => `/boards/${ids.board}/dip-steps` },
  {
    route: 'PUT /api/v1/boards/:id/follow-up',
    url: (ids) => `/boards/${ids.board}/follow-up`,
    body: (ids) => ({ nextBoardId: ids.openBoard }),
  },
  { route: 'DELETE /api/v1/boards/:id/follow-up', url: (ids) => `/boards/${ids.board}/follow-up` },
  {
    route: 'PUT /api/v1/boards/:id/secure-workflow',
    url: (ids) => `/boards/${ids.board}/secure-workflow`,
    body: () => ({ acceptedFileTypes: ['.xml'], deletePolicy: 'always' }),
  },
  {
    route: 'PUT /api/v1/boards/:id/xml-validation-entries',
    url: (ids) => `/boards/${ids.board}/xml-validation-entries`,
    body: () => ({
      entries: [{ type: 'filename', xpath: '/config/name', metadataKey: null, errorMessage: null }],
    }),
  },
  {
    route: 'POST /api/v1/boards/:id/permissions',
    url: (ids) => `/boards/${ids.board}/permissions`,
    body: () => ({ userEmail: 'customer@portal.test' }),
    keep: (a, ids) => (ids.permitted = String(a.userId ?? a.id)),
  },
  {
    route: 'DELETE /api/v1/boards/:id/permissions/:userId',
    url: (ids) => `/boards/${ids.board}/permissions/${ids.permitted}`,
  },
  {
    route: 'POST /api/v1/board-csa-links',
    url: () => '/board-csa-links',
    body: (ids) => ({ boardId: ids.board, userEmail: 'csa@portal.test' }),
    keep: (a, ids) => (ids.csaLink = String(a.id)),
  },
  { route: 'DELETE /api/v1/board-csa-links/:id', url: (ids) => `/board-csa-links/${ids.csaLink}` },
  {
    route: 'POST /api/v1/board-viewer-links',
    url: () => '/board-viewer-links',
    body: (ids) => ({ boardId: ids.board, userEmail: 'customer@portal.test' }),
    keep: (a, ids) => (ids.viewerLink = String(a.id)),
  },
  { route: 'DELETE /api/v1/board-viewer-links/:id', url: (ids) => `/board-viewer-links/${ids.viewerLink}` },
  { route: 'DELETE /api/v1/boards/:id', url: (ids) => `/boards/${ids.board}` },
  { route: 'DELETE /api/v1/company-spaces/:id', url: (ids) => `/company-spaces/${ids.space}` },
  // Projects: the customer registers one, invites, changes it; the admin answers its cancellation.
  {
    route: 'POST /api/v1/projects',
    url: () => '/projects?acceptServiceAgreement=true',
    body: (ids) => ({ name: 'Audit project', board: ids.openBoard }),
    as: 'customer',
    keep: (a, ids) => (ids.project = String(a.id)),
  },
  {
    route: 'PATCH /api/v1/projects/:id',
    url: (ids) => `/projects/${ids.project}`,
    body: (ids) => ({ uuid: ids.project, name: 'Audit project 2' }),
    as: 'customer',
  },
  {
    route: 'PATCH /api/v1/projects/:id/users/me/notifications',
    url: (ids) => `/projects/${ids.project}/users/me/notifications`,
    body: () => ({ type: 'dip-status-change', enabled: false }),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/add-multiple-members',
    url: () => '/projects/add-multiple-members',
    body: (ids) => ({ projects: [ids.project], users: ['promoted@portal.test'] }),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/substitute',
    url: (ids) => `/projects/${ids.project}/substitute`,
    body: () => ({ email: 'promoted@portal.test' }),
    as: 'customer',
  },
  {
    route: 'DELETE /api/v1/projects/:id/substitute',
    url: (ids) => `/projects/${ids.project}/substitute`,
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/fae',
    url: (ids) => `/projects/${ids.project}/fae`,
    body: () => ({ email: 'internal@portal.test' }),
    as: 'customer',
  },
  { route: 'DELETE /api/v1/projects/:id/fae', url: (ids) => `/projects/${ids.project}/fae`, as: 'customer' },
  {
    route: 'DELETE /api/v1/projects/:id/users',
    url: (ids) => `/projects/${ids.project}/users`,
    body: (ids) => ({ id: ids.promotedUser }),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/invitations',
    url: (ids) => `/projects/${ids.project}/invitations`,
    body: () => ({}),
    as: 'customer',
    keep: (a, ids) => {
      ids.invitation = String(a.id);
      ids.invitationPassword = String(a.password);
    },
  },
  {
    route: 'POST /api/v1/invitations/:id/accept',
    url: (ids) => `/invitations/${ids.invitation}/accept`,
    headers: (ids) => ({ [INVITATION_PASSWORD_HEADER]: ids.invitationPassword! }),
    as: 'promoted',
  },
  {
    route: 'DELETE /api/v1/projects/:id/users/me',
    url: (ids) => `/projects/${ids.project}/users/me`,
    as: 'promoted',
  },
  {
    route: 'POST /api/v1/projects/add-multiple-members',
    url: () => '/projects/add-multiple-members',
    body: (ids) => ({ projects: [ids.project], users: ['promoted@portal.test'] }),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/ownership',
    url: (ids) => `/projects/${ids.project}/ownership`,
    body: () => ({ newProjectOwner: { email: 'promoted@portal.test' } }),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/ownership',
    url: (ids) => `/projects/${ids.project}/ownership`,
    body: () => ({ newProjectOwner: { email: 'customer@portal.test' } }),
    as: 'promoted',
  },
  {
    route: 'DELETE /api/v1/projects/:id/users',
    url: (ids) => `/projects/${ids.project}/users`,
    body: (ids) => ({ id: ids.promotedUser }),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/invitations',
    url: (ids) => `/projects/${ids.project}/invitations`,
    body: () => ({}),
    as: 'customer',
    keep: (a, ids) => (ids.invitation = String(a.id)),
  },
  {
    route: 'DELETE /api/v1/projects/:id/invitations/:invitationId',
    url: (ids) => `/projects/${ids.project}/invitations/${ids.invitation}`,
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/cancel/request',
    url: (ids) => `/projects/${ids.project}/cancel/request`,
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/cancel/reject',
    url: (ids) => `/projects/${ids.project}/cancel/reject`,
  },
  {
    route: 'POST /api/v1/projects/:id/cancel/request',
    url: (ids) => `/projects/${ids.project}/cancel/request`,
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/cancel/accept',
    url: (ids) => `/projects/${ids.project}/cancel/accept`,
  },
  { route: 'DELETE /api/v1/projects/:id', url: (ids) => `/projects/${ids.project}` },
  // Questionnaires and their questions.
  {
    route: 'POST /api/v1/questionnaires',
    url: () => '/questionnaires',
    body: () => ({ name: 'Audit questionnaire', questions: [question('Audit question')] }),
    keep: (a, ids) => (ids.questionnaire = String(a.id)),
  },
  {
    route: 'PUT /api/v1/questionnaires/:id',
    url: (ids) => `/questionnaires/${ids.questionnaire}`,
    body: () => ({ name: 'Audit questionnaire 2', questions: [question('Audit question 2')] }),
  },
  {
    route: 'POST /api/v1/questionnaires/:id/copy',
    url: (ids) => `/questionnaires/${ids.questionnaire}/copy`,
  },
  {
    route: 'POST /api/v1/questionnaires/:id/questions',
    url: (ids) => `/questionnaires/${ids.questionnaire}/questions`,
    body: () => question('Audit question 3'),
    keep: (a, ids) => (ids.question = String(a.id)),
  },
  {
    route: 'PUT /api/v1/questionnaires/:id/questions/:questionId',
    url: (ids) => `/questionnaires/${ids.questionnaire}/questions/${ids.question}`,
    body: () => question('Audit question 4'),
  },
  {
    route: 'DELETE /api/v1/questionnaires/:id/questions/:questionId',
    url: (ids) => `/questionnaires/${ids.questionnaire}/questions/${ids.question}`,
  },
  { route: 'DELETE /api/v1/questionnaires/:id', url: (ids) => `/questionnaires/${ids.questionnaire}` },
  // Software, its versions and files; software bundles.
  {
    route: 'POST /api/v1/software',
    url: () => '/software',
    body: () => tool,
    keep: (a, ids) => (ids.tool = String(a.id)),
  },
  {
    route: 'PUT /api/v1/software/:id',
    url: (ids) => `/software/${ids.tool}`,
    body: () => ({ ...tool, name: 'Audit Tool 2' }),
  },
  {
    route: 'POST /api/v1/software/:id/versions',
    url: (ids) => `/software/${ids.tool}/versions`,
    body: () => toolVersion,
    keep: (a, ids) => (ids.toolVersion = String(a.id)),
  },
  {
    route: 'PUT /api/v1/software/:id/versions/:versionId',
    url: (ids) => `/software/${ids.tool}/versions/${ids.toolVersion}`,
    body: () => ({ ...toolVersion, description: 'Second text.' }),
  },
  {
    route: 'PUT /api/v1/software/:id/versions/:versionId/files/:fileName',
    url: (ids) =>
      `/software/${ids.tool}/versions/${ids.toolVersion}/files/audit.exe?os=windows&architecture=x64&kind=installer`,
    body: () => Buffer.from('audit installer bytes'),
    headers: () => ({ 'content-type': 'application/octet-stream' }),
  },
  {
    route: 'POST /api/v1/installers',
    url: () => '/installers',
    body: () => ({ featureId: tool.featureId }),
    as: 'customer',
  },
  {
    route: 'DELETE /api/v1/software/:id/versions/:versionId/files/:fileName',
    url: (ids) => `/software/${ids.tool}/versions/${ids.toolVersion}/files/audit.exe`,
  },
  {
    route: 'PUT /api/v1/software/:id/request-flow',
    url: (ids) => `/software/${ids.tool}/request-flow`,
    body: () => ({ requestFlow: 'cart', questionnaireId: null, requestUrl: null }),
  },
  {
    route: 'PUT /api/v1/software/:id/icon',
    url: (ids) => `/software/${ids.tool}/icon`,
    body: () => demoIconPng(0),
    headers: () => ({ 'content-type': 'image/png' }),
  },
  {
    route: 'DELETE /api/v1/software/:id/versions/:versionId',
    url: (ids) => `/software/${ids.tool}/versions/${ids.toolVersion}`,
  },
  { route: 'DELETE /api/v1/software/:id', url: (ids) => `/software/${ids.tool}` },
  { route: 'POST /api/v1/software-bundles', url: () => '/software-bundles', body: () => bundle },
  {
    route: 'PUT /api/v1/software-bundles/:uuid',
    url: () => `/software-bundles/${bundle.uuid}`,
    body: () => ({ ...bundle, name: 'Audit Bundle 2' }),
  },
  {
    route: 'POST /api/v1/software-bundles/:uuid/versions',
    url: () => `/software-bundles/${bundle.uuid}/versions`,
    body: () => bundleVersion,
    keep: (a, ids) => (ids.bundleVersion = String(a.id)),
  },
  {
    route: 'PUT /api/v1/software-bundles/:uuid/versions/:versionId',
    url: (ids) => `/software-bundles/${bundle.uuid}/versions/${ids.bundleVersion}`,
    body: () => ({ ...bundleVersion, released: true }),
  },
  {
    route: 'DELETE /api/v1/software-bundles/:uuid/versions/:versionId',
    url: (ids) => `/software-bundles/${bundle.uuid}/versions/${ids.bundleVersion}`,
  },
  {
    route: 'PUT /api/v1/software-bundles/:uuid/request-flow',
    url: () => `/software-bundles/${bundle.uuid}/request-flow`,
    body: () => ({ requestFlow: 'cart', questionnaireId: null, requestUrl: null }),
  },
  { route: 'DELETE /api/v1/software-bundles/:uuid', url: () => `/software-bundles/${bundle.uuid}` },
  // Orders, checkouts, licenses, installers, export access.
  {
    route: 'PUT /api/v1/billing-information',
    url: () => '/billing-information',
    body: () => ({
      companyName: 'Audit GmbH',
      billingAddress: address,
      shippingAddress: address,
      taxId: 'FR12345678901',
    }),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/checkouts',
    url: () => '/checkouts',
    body: () => ({ entries: [cartTool('nx-device-pack', '1.1.0'), cartTool('pwr-stage-netlist', 'B')] }),
    as: 'customer',
    keep: (a, ids) => {
      const [order] = a.orders as { id: string; positions: { id: string }[] }[];
      ids.order = order!.id;
      ids.position = order!.positions[0]!.id;
    },
  },
  {
    route: 'PUT /api/v1/orders/:id/positions/:positionId',
    url: (ids) => `/orders/${ids.order}/positions/${ids.position}`,
    body: () => ({ status: 'approved' }),
  },
  {
    route: 'POST /api/v1/checkouts',
    url: () => '/checkouts',
    body: () => ({ entries: [cartTool('nx-motor-control-lib', '4.0.0')] }),
    as: 'customer',
    keep: (a, ids) => (ids.checkout = String(a.id)),
  },
  {
    route: 'POST /api/v1/checkouts/:id/cancel',
    url: (ids) => `/checkouts/${ids.checkout}/cancel`,
    as: 'customer',
  },
  {
    route: 'POST /api/v1/checkouts/:id/resume',
    url: (ids) => `/checkouts/${ids.checkout}/resume`,
    as: 'customer',
  },
  {
    route: 'PUT /api/v1/licenses/:id',
    url: (ids) => `/licenses/${ids.license}`,
    body: () => ({ revoked: true, comments: 'Audit walk.' }),
  },
  {
    route: 'POST /api/v1/installers/:id/installation-keys',
    url: (ids) => `/installers/${ids.installer}/installation-keys`,
    as: 'customer',
  },
  {
    route: 'POST /api/v1/catalogue/tools/:featureId/export-access-requests',
    url: () => '/catalogue/tools/secureboot-signer/export-access-requests',
    body: () => ({ reason: 'Audit walk.' }),
    as: 'customer',
    keep: (a, ids) => (ids.exportRequest = String(a.id)),
  },
  {
    route: 'PUT /api/v1/export-access-requests/:id',
    url: (ids) => `/export-access-requests/${ids.exportRequest}`,
    body: () => ({ status: 'granted' }),
  },
  // A project's design-in process: upload, remove, resolve, complete, reset.
  {
    route: 'POST /api/v1/projects/:id/dip/steps/:stepId/assets',
    url: (ids) => `/projects/${ids.dipProject}/dip/steps/${ids.dipStepOfProject}/assets?name=audit.pdf`,
    body: () => Buffer.from('audit asset'),
    headers: () => ({ 'content-type': 'application/octet-stream' }),
    as: 'customer',
    keep: (a, ids) => (ids.asset = String(a.id)),
  },
  {
    route: 'DELETE /api/v1/projects/:id/dip/assets/:assetId',
    url: (ids) => `/projects/${ids.dipProject}/dip/assets/${ids.asset}`,
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/dip/steps/:stepId/assets',
    url: (ids) => `/projects/${ids.dipProject}/dip/steps/${ids.dipStepOfProject}/assets?name=audit.pdf`,
    body: () => Buffer.from('audit asset'),
    headers: () => ({ 'content-type': 'application/octet-stream' }),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/dip/steps/:stepId/resolve',
    url: (ids) => `/projects/${ids.dipProject}/dip/steps/${ids.dipStepOfProject}/resolve`,
    body: () => ({}),
    as: 'customer',
  },
  {
    route: 'POST /api/v1/projects/:id/dip/steps/:stepId/complete',
    url: (ids) => `/projects/${ids.dipProject}/dip/steps/${ids.dipStepOfProject}/complete`,
    body: () => ({}),
  },
  {
    route: 'POST /api/v1/projects/:id/dip/reset',
    url: (ids) => `/projects/${ids.dipProject}/dip/reset`,
    body: (ids) => ({ stepId: ids.dipStepOfProject }),
  },
  // Maintenance banner.
  {
    route: 'PUT /api/v1/maintenance',
    url: () => '/maintenance',
    body: () => ({ text: 'Audit walk', show: false }),
  },
];

let t: TestApp;
const tokens: Partial<Record<Caller, Tokens>> = {};

beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = await signIn(t.app, { email: 'admin@portal.test' });
  tokens.customer = await signIn(t.app, { email: 'customer@portal.test' });
  tokens.promoted = await signIn(t.app, { email: 'promoted@portal.test' });
});
afterAll(() => t?.close());

const lastAuditId = async () =>
  (await t.database.db.select({ id: auditLog.id }).from(auditLog)).reduce(
    (max, row) => Math.max(max, row.id),
    0,
  );

/** The id of the first row a list answers the caller. */
async function firstId(url: string, as: Caller): Promise<string> {
  const response = await t.app.inject({ url: `/api/v1${url}`, headers: bearer(tokens[as]!) });
  return response.json<{ id: string }[]>()[0]!.id;
}

/** Every field with a secret's name, at any depth, with its path and value. */
function secretFields(value: unknown, path = ''): { path: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => secretFields(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) =>
    SECRET_FIELD.test(key)
      ? [{ path: `${path}.${key}`, value: field }]
      : secretFields(field, `${path}.${key}`),
  );
}

/** The values of secrets in an answer or a body (e.g. a new client secret, shown once): no record may hold one. */
const secretValues = (value: unknown) =>
  secretFields(value).flatMap((f) => (typeof f.value === 'string' && f.value.length >= 8 ? [f.value] : []));

/** The paths of secret fields holding a value in a recorded before/after. */
const secretsIn = (value: unknown, path: string) =>
  secretFields(value, path)
    .filter((f) => f.value !== null && f.value !== '[redacted]')
    .map((f) => f.path);

/** Entity types the walk saw written. */
const entitiesWritten = new Set<string>();
/** The ids the walk kept, and the records each walked route wrote (a route walked twice: both steps'). */
const walked: Ids = {};
const recordsOfRoute = new Map<string, string[]>();

/**
 * Every console record page with a History tab (issue 45): the walked record it shows, and the routes that change
 * it through its parts (and itself). Its History must find a record written by each.
 */
const HISTORY_PAGES: {
  definition: ResourceDefinition;
  id: (ids: Ids) => string;
  parts: string[];
}[] = [
  {
    // The user-roles page keys a user by email.
    definition: resources.userRolesResource,
    id: () => 'customer@portal.test',
    parts: [
      'POST /api/v1/users/roles',
      'DELETE /api/v1/users/roles',
      'POST /api/v1/boards/:id/permissions',
      'DELETE /api/v1/boards/:id/permissions/:userId',
    ],
  },
  {
    // A person's project memberships, however they came or went: added, substitute, owner, invited, removed, left.
    definition: resources.userRolesResource,
    id: () => 'promoted@portal.test',
    parts: [
      'POST /api/v1/projects/add-multiple-members',
      'POST /api/v1/projects/:id/substitute',
      'DELETE /api/v1/projects/:id/substitute',
      'POST /api/v1/projects/:id/ownership',
      'DELETE /api/v1/projects/:id/users',
      'POST /api/v1/invitations/:id/accept',
      'DELETE /api/v1/projects/:id/users/me',
    ],
  },
  {
    // An FAE's places: a project's and a company space's.
    definition: resources.userRolesResource,
    id: () => 'internal@portal.test',
    parts: [
      'POST /api/v1/projects/:id/fae',
      'DELETE /api/v1/projects/:id/fae',
      'POST /api/v1/company-spaces/:id/faes',
      'DELETE /api/v1/company-spaces/:id/faes/:userId',
    ],
  },
  {
    definition: resources.boardsResource,
    id: (ids) => ids.board!,
    parts: [
      'PUT /api/v1/boards/:id',
      'POST /api/v1/boards/:id/serial-numbers',
      'PUT /api/v1/boards/:id/serial-numbers/:serialNumberId',
      'POST /api/v1/boards/:id/documents',
      'POST /api/v1/boards/:id/document-assignments',
      'POST /api/v1/boards/:id/permissions',
      'POST /api/v1/boards/:id/links',
      'POST /api/v1/boards/:id/restrictions',
    ],
  },
  {
    definition: resources.projectsResource,
    id: (ids) => ids.project!,
    parts: [
      'PATCH /api/v1/projects/:id',
      'POST /api/v1/projects/:id/substitute',
      'POST /api/v1/projects/:id/fae',
      'POST /api/v1/projects/:id/invitations',
      'POST /api/v1/projects/:id/ownership',
      'DELETE /api/v1/projects/:id/users',
    ],
  },
  {
    definition: resources.softwareResource,
    id: (ids) => ids.tool!,
    parts: [
      'PUT /api/v1/software/:id',
      'POST /api/v1/software/:id/versions',
      'PUT /api/v1/software/:id/versions/:versionId',
      'PUT /api/v1/software/:id/versions/:versionId/files/:fileName',
      'DELETE /api/v1/software/:id/versions/:versionId/files/:fileName',
      'PUT /api/v1/software/:id/request-flow',
      'PUT /api/v1/software/:id/icon',
    ],
  },
  {
    // The bundles page keys a bundle by its uuid.
    definition: resources.softwareBundlesResource,
    id: () => bundle.uuid,
    parts: [
      'PUT /api/v1/software-bundles/:uuid',
      'POST /api/v1/software-bundles/:uuid/versions',
      'PUT /api/v1/software-bundles/:uuid/versions/:versionId',
      'DELETE /api/v1/software-bundles/:uuid/versions/:versionId',
      'PUT /api/v1/software-bundles/:uuid/request-flow',
    ],
  },
  {
    definition: resources.companySpacesResource,
    id: (ids) => ids.space!,
    parts: [
      'PUT /api/v1/company-spaces/:id',
      'POST /api/v1/company-spaces/:id/members',
      'POST /api/v1/company-spaces/:id/faes',
      'DELETE /api/v1/company-spaces/:id/members/:userId',
    ],
  },
  {
    definition: resources.serviceAccountsResource,
    id: (ids) => ids.serviceAccount!,
    parts: ['PUT /api/v1/service-accounts/:id', 'POST /api/v1/service-accounts/:id/secret'],
  },
  {
    definition: resources.questionnairesResource,
    id: (ids) => ids.questionnaire!,
    parts: [
      'PUT /api/v1/questionnaires/:id',
      'POST /api/v1/questionnaires/:id/questions',
      'PUT /api/v1/questionnaires/:id/questions/:questionId',
      'DELETE /api/v1/questionnaires/:id/questions/:questionId',
    ],
  },
];

/** Every resource definition @portal/resources exports. */
const definitions = (Object.values(resources) as unknown[]).filter(
  (value): value is ResourceDefinition =>
    typeof value === 'object' && value !== null && 'path' in value && 'label' in value && 'access' in value,
);

/**
 * Entity types written with no resource definition of their own, with why: the History of a record page filters
 * by `auditEntityOf(definition)`, so any other name written by a hand-made route would hide its changes there.
 */
const ENTITIES_WITHOUT_DEFINITION: Record<string, string> = {
  tool_version: 'a version of a tool, audited under its own id',
  bundle_version: 'a version of a bundle, audited under its own id',
  question: 'a question of a questionnaire',
  checkout: 'a checkout session of the cart (customer side, no console page)',
  billing_information: "a customer's billing information (customer side)",
  installer: "a customer's installer (customer side, no console page)",
};

describe('every change is recorded', () => {
  it('redacts secrets at any depth, in one place', () => {
    expect(
      redactSecrets({
        name: 'a',
        passwordHash: 'x',
        nested: [{ clientSecret: 's', totpSecret: null }],
        at: 1,
      }),
    ).toEqual({
      name: 'a',
      passwordHash: '[redacted]',
      nested: [{ clientSecret: '[redacted]', totpSecret: null }],
      at: 1,
    });
  });

  it('names every state-changing route: walked, or listed with a reason', () => {
    const generated = generatedWriteSteps(t.app, new Set(walk.map((s) => s.route)));
    // Proves the derivation runs on the portal's own routes, not only on a test's resource.
    expect(generated.map((s) => s.route)).toContain('POST /api/v1/feature-flags');
    const changing = t.app.apiRoutes
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const named = [
      ...new Set([...walk, ...generated].map((s) => s.route)),
      ...Object.keys(WRITES_NO_RECORD),
      ...Object.keys(NOT_WALKED),
    ];
    expect(new Set(named).size).toBe(named.length);
    expect(named.sort()).toEqual(changing);
  });

  it('writes an audit record without secrets for every walked route that succeeds', async () => {
    const failures: string[] = [];
    const ids: Ids = walked;
    Object.assign(ids, {
      openBoard: (await demoBoards(t)).noSerial.id,
      promotedUser: await projectTestKit(() => t).userId('promoted@portal.test'),
      license: await firstId('/licenses', 'customer'),
      installer: await firstId('/installers', 'customer'),
    });
    const dip = await dipUploadProject(t.app, t.database.db, {
      owner: tokens.customer!,
      admin: tokens.admin!,
    });
    ids.dipProject = dip.projectId;
    ids.dipStepOfProject = dip.stepId;
    // The demo password and every stored password hash: no record may copy one from a row it snapshots.
    const accounts = await t.database.db
      .select({ hash: identityAccounts.passwordHash })
      .from(identityAccounts);
    const storedHashes = ['demo1234', ...accounts.map((a) => a.hash)];
    const steps: Step[] = [...walk, ...generatedWriteSteps(t.app, new Set(walk.map((s) => s.route)))];
    for (const step of steps) {
      const before = await lastAuditId();
      const [method] = step.route.split(' ') as ['POST'];
      const body = step.body?.(ids);
      const response = await t.app.inject({
        method,
        url: `/api/v1${step.url(ids)}`,
        headers: { ...bearer(tokens[step.as ?? 'admin']!), ...step.headers?.(ids) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (response.statusCode >= 300) {
        failures.push(
          `${step.route}: did not succeed (${response.statusCode} ${response.body.slice(0, 300)})`,
        );
        continue;
      }
      const answer = response.body ? response.json<Record<string, unknown>>() : {};
      step.keep?.(answer, ids);
      // Secrets the caller sent or was answered: their values must appear in no record, under any field name.
      const secrets = [...secretValues(answer), ...secretValues(body), ...storedHashes];
      const records = await t.database.db.select().from(auditLog).where(gt(auditLog.id, before));
      if (!records.length) failures.push(`${step.route}: wrote no audit record`);
      recordsOfRoute.set(step.route, [
        ...(recordsOfRoute.get(step.route) ?? []),
        ...records.map((record) => String(record.id)),
      ]);
      for (const record of records) {
        entitiesWritten.add(record.entity);
        const fields = [...secretsIn(record.before, 'before'), ...secretsIn(record.after, 'after')];
        const text = JSON.stringify([record.before, record.after]);
        if (fields.length || secrets.some((secret) => text.includes(secret)))
          failures.push(`${step.route}: records a secret (${fields.join(', ') || 'by its value'})`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("finds, on every record page's History, a change made through each of its parts", async () => {
    const pages = new Set(HISTORY_PAGES.map((page) => historyEntityOf(page.definition)));
    for (const entity of HISTORY_ENTITIES) expect(pages, entity).toContain(entity);
    const missing: string[] = [];
    for (const page of HISTORY_PAGES) {
      const key = historyKey(historyEntityOf(page.definition), page.id(walked));
      const response = await t.app.inject({
        url: `/api/v1/audit-log?filter=${encodeURIComponent(JSON.stringify({ history: key }))}`,
        headers: bearer(tokens.admin!),
      });
      expect(response.statusCode, response.body).toBe(200);
      const shown = new Set(response.json<{ id: string }[]>().map((record) => record.id));
      for (const route of page.parts) {
        const written = recordsOfRoute.get(route) ?? [];
        if (!written.some((id) => shown.has(id))) missing.push(`${key}: nothing from ${route}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('writes the entity type of a definition (as its History tab reads it) or a listed sub-record type', () => {
    expect(entitiesWritten.size).toBeGreaterThan(10);
    const defined = new Set<string>(definitions.map(auditEntityOf));
    const unknown = [...entitiesWritten].filter(
      (entity) => !defined.has(entity) && !(entity in ENTITIES_WITHOUT_DEFINITION),
    );
    expect(unknown).toEqual([]);
    // The list stays true: each listed type is written and has no definition.
    for (const entity of Object.keys(ENTITIES_WITHOUT_DEFINITION)) {
      expect(entitiesWritten.has(entity), entity).toBe(true);
      expect(defined.has(entity), entity).toBe(false);
    }
  });
});

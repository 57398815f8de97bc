import { z } from 'zod';
import { ownListQuerySchema } from '../own-scope.js';
import {
  addMultipleMembersPayloadSchema,
  addMultipleMembersResultSchema,
  billingInformationInputSchema,
  billingInformationSchema,
  boardSupportLinkInputSchema,
  boardToolSchema,
  boardToolsInputSchema,
  catalogueDocumentSchema,
  catalogueItemSchema,
  checkoutInputSchema,
  checkoutSchema,
  customBundleInputSchema,
  customBundleSchema,
  dipAssetSchema,
  dipProcessSchema,
  dipResetPayloadSchema,
  dipResolvePayloadSchema,
  dipStepListInputSchema,
  dipStepsSchema,
  documentAssignmentSchema,
  documentSchema,
  boardDocumentSchema,
  eSimProfileSchema,
  emailAssignmentPayloadSchema,
  exportAccessRequestInputSchema,
  exportAccessRequestSchema,
  faeAssignmentPayloadSchema,
  followUpInputSchema,
  followUpAnswerSchema,
  enabledFeatureFlagsSchema,
  boardSupportLinkAnswerSchema,
  projectRegistrationQuerySchema,
  projectFieldsQuerySchema,
  gettingStartedListInputSchema,
  gettingStartedStepSchema,
  hasSecureSchema,
  installationKeySchema,
  installerInputSchema,
  installerRecordSchema,
  invitationCreatePayloadSchema,
  invitationDetailsSchema,
  invitationSchema,
  isSecureSchema,
  licenseRecordSchema,
  linkInputSchema,
  linkOrderSchema,
  linkSchema,
  notificationSettingSchema,
  notificationSettingsSchema,
  orderRecordSchema,
  ownershipPayloadSchema,
  partnerAssignmentSchema,
  partnerSchema,
  projectCreatePayloadSchema,
  projectFieldsSchema,
  projectGroupsSchema,
  projectBoardSchema,
  projectSchema,
  projectStatisticsSchema,
  projectUpdatePayloadSchema,
  questionInputSchema,
  questionSchema,
  questionnaireInputSchema,
  questionnaireSchema,
  removeProjectMemberPayloadSchema,
  restrictionEntrySchema,
  restrictionGrantSchema,
  boardRestrictionInputSchema,
  boardRestrictionSchema,
  secureConfigInputSchema,
  serialNumberRecordSchema,
  serialNumbersAddSchema,
  orderPositionDecisionSchema,
  toolVersionDetailSchema,
  softwareRecordSchema,
  catalogueFileSchema,
  catalogueFileInputSchema,
  fileBytesSchema,
  toolVersionInputSchema,
  bundleVersionSchema,
  bundleVersionInputSchema,
  requestFlowSchema,
  requestFlowInputSchema,
  secureConfigSchema,
  serviceAccountWithSecretSchema,
  softwareBundleDetailSchema,
  toolDetailSchema,
  userSchema,
  xmlValidationEntryListInputSchema,
  xmlValidationEntrySchema,
  companySpaceMemberInputSchema,
  companySpaceSchema,
} from '../entities/index.js';
import { userRoleChangeSchema } from '../validation/index.js';
import type { ResourceDefinition } from '../admin/definition.js';

/**
 * One call of the API as the apps make it. `answer` is the schema of the 2xx body the server declares (its
 * response schema); `body` and `query` what the route validates. `list` marks a paged list (Range header,
 * `Content-Range` answer): its `answer` is the array. Path parameters come from the key's `:name` segments.
 */
export interface Endpoint {
  readonly answer: z.ZodType;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly list?: true;
  /**
   * The body is a file's raw bytes (`application/octet-stream`) that the route streams to storage, so it declares
   * no body schema; the apps send it with `upload` of the data provider, which reports the progress.
   */
  readonly upload?: true;
  /**
   * The answer when the call narrows nothing: `GET projects/{id}` declares every field optional because `fields`
   * may pick some; without `fields` the whole record comes back. Its properties are the answer's (tested).
   */
  readonly whole?: z.ZodObject;
}

/** `DELETE projects/{id}/users/me` answers 204 with no body. */
const noContentSchema = z.null();

/** The file name of a streamed design-in upload (`?name=`); the upload rules check it on arrival. */
export const dipUploadQuerySchema = z.object({ name: z.string().max(1000) });

/**
 * The API contract the apps are typed by, keyed by method and path under `/api/v1`; `api-contract.test.ts` holds the
 * server to it. Browser code imports it as a type only, so no page downloads zod for it.
 */
export const API_ENDPOINTS = {
  // Signed-in user and public switches
  'GET /users/me': { answer: userSchema },
  'GET /feature-flags/enabled': { answer: enabledFeatureFlagsSchema },

  // Projects (spec calls §7.3)
  'GET /projects/user': { answer: z.array(projectSchema), list: true },
  'GET /projects/user/secure': { answer: hasSecureSchema },
  'GET /projects/groups/user': { answer: projectGroupsSchema },
  'GET /projects/:id': { answer: projectFieldsSchema, query: projectFieldsQuerySchema, whole: projectSchema },
  'GET /projects/:id/secure': { answer: isSecureSchema },
  'POST /projects': {
    answer: projectSchema,
    body: projectCreatePayloadSchema,
    query: projectRegistrationQuerySchema,
  },
  'PATCH /projects/:id': { answer: projectSchema, body: projectUpdatePayloadSchema },
  'DELETE /projects/:id': { answer: projectSchema },
  'POST /projects/:id/cancel/request': { answer: projectSchema },
  'POST /projects/:id/cancel/accept': { answer: projectSchema },
  'POST /projects/:id/cancel/reject': { answer: projectSchema },
  'POST /projects/:id/ownership': { answer: projectSchema, body: ownershipPayloadSchema },
  'DELETE /projects/:id/users': { answer: projectSchema, body: removeProjectMemberPayloadSchema },
  'DELETE /projects/:id/users/me': { answer: noContentSchema },
  'POST /projects/add-multiple-members': {
    answer: addMultipleMembersResultSchema,
    body: addMultipleMembersPayloadSchema,
  },
  'POST /projects/:id/fae': { answer: projectSchema, body: faeAssignmentPayloadSchema },
  'DELETE /projects/:id/fae': { answer: projectSchema },
  'POST /projects/:id/substitute': { answer: projectSchema, body: emailAssignmentPayloadSchema },
  'DELETE /projects/:id/substitute': { answer: projectSchema },
  'POST /projects/:id/invitations': {
    answer: invitationSchema,
    body: invitationCreatePayloadSchema.nullish(),
  },
  'DELETE /projects/:id/invitations/:invitationId': { answer: invitationSchema },
  'GET /invitations/:id': { answer: invitationDetailsSchema },
  'GET /invitations/:id/secure': { answer: isSecureSchema },
  'POST /invitations/:id/accept': { answer: projectSchema },
  'GET /projects/:id/users/me/notifications': { answer: notificationSettingsSchema },
  'PATCH /projects/:id/users/me/notifications': {
    answer: notificationSettingsSchema,
    body: notificationSettingSchema,
  },
  'GET /projects/:id/board': { answer: projectBoardSchema },
  'GET /eSim/profile': { answer: eSimProfileSchema },

  // The project's design-in process
  'GET /projects/:id/dip': { answer: dipProcessSchema },
  'GET /projects/:id/dip/assets': { answer: z.array(dipAssetSchema) },
  'POST /projects/:id/dip/steps/:stepId/resolve': { answer: dipProcessSchema, body: dipResolvePayloadSchema },
  'POST /projects/:id/dip/steps/:stepId/complete': { answer: dipProcessSchema },
  'POST /projects/:id/dip/reset': { answer: dipProcessSchema, body: dipResetPayloadSchema },
  'POST /projects/:id/dip/steps/:stepId/assets': {
    answer: dipAssetSchema,
    query: dipUploadQuerySchema,
    upload: true,
  },
  'DELETE /projects/:id/dip/assets/:assetId': { answer: dipAssetSchema },

  // Catalogue, checkout, orders
  'GET /catalogue': { answer: z.array(catalogueItemSchema), list: true },
  'GET /catalogue/tools/:featureId': { answer: toolDetailSchema },
  'GET /catalogue/bundles/:uuid': { answer: softwareBundleDetailSchema },
  'GET /catalogue/documents/:featureId': { answer: catalogueDocumentSchema },
  'GET /catalogue/questionnaires/:id': { answer: questionnaireSchema },
  'POST /catalogue/custom-bundles': { answer: customBundleSchema, body: customBundleInputSchema },
  'POST /catalogue/tools/:featureId/export-access-requests': {
    answer: exportAccessRequestSchema,
    body: exportAccessRequestInputSchema,
  },
  'POST /checkouts': { answer: checkoutSchema, body: checkoutInputSchema },
  'GET /checkouts/:id': { answer: checkoutSchema },
  'POST /checkouts/:id/cancel': { answer: checkoutSchema },
  'POST /checkouts/:id/resume': { answer: checkoutSchema },
  'GET /billing-information': { answer: billingInformationSchema },
  'PUT /billing-information': { answer: billingInformationSchema, body: billingInformationInputSchema },
  'GET /orders': { answer: z.array(orderRecordSchema), list: true, query: ownListQuerySchema },
  'GET /licenses': { answer: z.array(licenseRecordSchema), list: true, query: ownListQuerySchema },
  'GET /installers': { answer: z.array(installerRecordSchema), list: true },
  'POST /installers': { answer: installerRecordSchema, body: installerInputSchema },
  'POST /installers/:id/installation-keys': { answer: installationKeySchema },

  // Admin console: calls its hand-made pages make (the generic views go through `createAdminDataProvider`)
  'GET /projects/statistics': { answer: projectStatisticsSchema },
  'GET /users/roles': { answer: z.array(userSchema) },
  'POST /users/roles': { answer: userSchema, body: userRoleChangeSchema },
  'DELETE /users/roles': { answer: userSchema, body: userRoleChangeSchema },
  'POST /company-spaces/:id/members': { answer: companySpaceSchema, body: companySpaceMemberInputSchema },
  'DELETE /company-spaces/:id/members/:userId': { answer: companySpaceSchema },
  'POST /company-spaces/:id/faes': { answer: companySpaceSchema, body: companySpaceMemberInputSchema },
  'DELETE /company-spaces/:id/faes/:userId': { answer: companySpaceSchema },
  'POST /service-accounts/:id/secret': { answer: serviceAccountWithSecretSchema },
  'GET /boards/:id/links': { answer: z.array(linkSchema) },
  'POST /boards/:id/links': { answer: linkSchema, body: linkInputSchema },
  'PUT /boards/:id/links/order': { answer: z.array(linkSchema), body: linkOrderSchema },
  'PUT /boards/:id/links/:linkId': { answer: linkSchema, body: linkInputSchema },
  'DELETE /boards/:id/links/:linkId': { answer: linkSchema },
  'GET /boards/:id/partners': { answer: z.array(partnerSchema) },
  'POST /boards/:id/partners': { answer: partnerSchema, body: partnerAssignmentSchema },
  'DELETE /boards/:id/partners/:partnerId': { answer: partnerSchema },
  'GET /boards/:id/getting-started': { answer: z.array(gettingStartedStepSchema) },
  'PUT /boards/:id/getting-started': {
    answer: z.array(gettingStartedStepSchema),
    body: gettingStartedListInputSchema,
  },
  'GET /boards/:id/dip-steps/:stepId/getting-started': { answer: z.array(gettingStartedStepSchema) },
  'PUT /boards/:id/dip-steps/:stepId/getting-started': {
    answer: z.array(gettingStartedStepSchema),
    body: gettingStartedListInputSchema,
  },
  'GET /boards/:id/support-link': { answer: boardSupportLinkAnswerSchema },
  'PUT /boards/:id/support-link': { answer: boardSupportLinkAnswerSchema, body: boardSupportLinkInputSchema },
  'GET /boards/:id/restrictions': { answer: z.array(boardRestrictionSchema) },
  'POST /boards/:id/restrictions': { answer: boardRestrictionSchema, body: boardRestrictionInputSchema },
  'DELETE /boards/:id/restrictions/:email': { answer: boardRestrictionSchema },
  'GET /boards/:id/permissions': { answer: z.array(restrictionEntrySchema) },
  'POST /boards/:id/permissions': { answer: restrictionEntrySchema, body: restrictionGrantSchema },
  'DELETE /boards/:id/permissions/:userId': { answer: restrictionEntrySchema },
  'GET /boards/:id/documents/assignable': { answer: z.array(documentSchema), list: true },
  'POST /boards/:id/document-assignments': { answer: boardDocumentSchema, body: documentAssignmentSchema },
  'DELETE /boards/:id/document-assignments/:documentId': { answer: boardDocumentSchema },
  'DELETE /boards/:id/documents/:documentId': { answer: boardDocumentSchema },
  'GET /boards/:id/tools': { answer: z.array(boardToolSchema) },
  'PUT /boards/:id/tools': { answer: z.array(boardToolSchema), body: boardToolsInputSchema },
  'GET /boards/:id/dip-steps': { answer: dipStepsSchema },
  'PUT /boards/:id/dip-steps': { answer: dipStepsSchema, body: dipStepListInputSchema },
  'DELETE /boards/:id/dip-steps': { answer: dipStepsSchema },
  'GET /boards/:id/follow-up': { answer: followUpAnswerSchema },
  'PUT /boards/:id/follow-up': { answer: followUpAnswerSchema, body: followUpInputSchema },
  'DELETE /boards/:id/follow-up': { answer: followUpAnswerSchema },
  'GET /boards/:id/secure-workflow': { answer: secureConfigSchema },
  'PUT /boards/:id/secure-workflow': { answer: secureConfigSchema, body: secureConfigInputSchema },
  'GET /boards/:id/xml-validation-entries': { answer: z.array(xmlValidationEntrySchema) },
  'PUT /boards/:id/xml-validation-entries': {
    answer: z.array(xmlValidationEntrySchema),
    body: xmlValidationEntryListInputSchema,
  },
  'POST /boards/:id/serial-numbers': {
    answer: z.array(serialNumberRecordSchema),
    body: serialNumbersAddSchema,
  },
  'PUT /orders/:id/positions/:positionId': { answer: orderRecordSchema, body: orderPositionDecisionSchema },
  'GET /software/:id/versions': { answer: z.array(toolVersionDetailSchema) },
  'POST /software/:id/versions': { answer: toolVersionDetailSchema, body: toolVersionInputSchema },
  'PUT /software/:id/versions/:versionId': { answer: toolVersionDetailSchema, body: toolVersionInputSchema },
  'DELETE /software/:id/versions/:versionId': { answer: toolVersionDetailSchema },
  'PUT /software/:id/versions/:versionId/files/:fileName': {
    answer: catalogueFileSchema,
    body: fileBytesSchema,
    query: catalogueFileInputSchema,
  },
  'DELETE /software/:id/versions/:versionId/files/:fileName': { answer: catalogueFileSchema },
  'PUT /software/:id/icon': { answer: softwareRecordSchema, body: fileBytesSchema },
  'GET /software/:id/request-flow': { answer: requestFlowSchema },
  'PUT /software/:id/request-flow': { answer: requestFlowSchema, body: requestFlowInputSchema },
  'GET /software-bundles/:uuid/request-flow': { answer: requestFlowSchema },
  'PUT /software-bundles/:uuid/request-flow': { answer: requestFlowSchema, body: requestFlowInputSchema },
  'GET /software-bundles/:uuid/versions': { answer: z.array(bundleVersionSchema) },
  'POST /software-bundles/:uuid/versions': { answer: bundleVersionSchema, body: bundleVersionInputSchema },
  'PUT /software-bundles/:uuid/versions/:versionId': {
    answer: bundleVersionSchema,
    body: bundleVersionInputSchema,
  },
  'DELETE /software-bundles/:uuid/versions/:versionId': { answer: bundleVersionSchema },
  'GET /questionnaires/:id': { answer: questionnaireSchema },
  'POST /questionnaires': { answer: questionnaireSchema, body: questionnaireInputSchema },
  'PUT /questionnaires/:id': { answer: questionnaireSchema, body: questionnaireInputSchema },
  'POST /questionnaires/:id/copy': { answer: questionnaireSchema },
  'POST /questionnaires/:id/questions': { answer: questionSchema, body: questionInputSchema },
  'PUT /questionnaires/:id/questions/:questionId': { answer: questionSchema, body: questionInputSchema },
  'DELETE /questionnaires/:id/questions/:questionId': { answer: questionSchema },
} as const satisfies Record<string, Endpoint>;

export type ApiEndpoints = typeof API_ENDPOINTS;
export type EndpointKey = keyof ApiEndpoints;
/** A table of calls like {@link API_ENDPOINTS}; the types below take one so a test can type a changed contract. */
export type EndpointTable = Readonly<Record<string, Endpoint>>;

type PathOf<K> = K extends `${string} ${infer Path}` ? Path : never;
type ParamNames<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a call, from the `:name` segments of its key. */
export type EndpointParams<K extends keyof E & string, E extends EndpointTable = ApiEndpoints> = {
  [Name in ParamNames<PathOf<K>>]: string;
};
/** What the call answers: the output of the server's response schema (its whole record, see `whole`). */
export type EndpointAnswer<K extends keyof E, E extends EndpointTable = ApiEndpoints> = E[K] extends {
  whole: infer W extends z.ZodType;
}
  ? z.output<W>
  : z.output<E[K]['answer']>;
/** The JSON body the route validates (`never` for a call without one). */
export type EndpointBody<K extends keyof E, E extends EndpointTable = ApiEndpoints> = E[K] extends {
  body: infer B extends z.ZodType;
}
  ? z.input<B>
  : never;
/** The query string the route validates (`never` for a call without one). */
export type EndpointQuery<K extends keyof E, E extends EndpointTable = ApiEndpoints> = E[K] extends {
  query: infer Q extends z.ZodType;
}
  ? z.input<Q>
  : never;
/** The paged list calls. */
export type ListEndpointKey<E extends EndpointTable = ApiEndpoints> = {
  [K in keyof E & string]: E[K] extends { list: true } ? K : never;
}[keyof E & string];
/** The calls whose body is a streamed file (`upload: true`). */
export type UploadEndpointKey<E extends EndpointTable = ApiEndpoints> = {
  [K in keyof E & string]: E[K] extends { upload: true } ? K : never;
}[keyof E & string];
/** One record of a paged list call. */
export type ListItem<K extends ListEndpointKey<E>, E extends EndpointTable = ApiEndpoints> =
  EndpointAnswer<K, E> extends readonly (infer Item)[] ? Item : never;

/**
 * The generic routes of a resource definition (`resourceRoutes` on the server, the admin console's generated
 * views): a record is the output of the definition's `record` schema, a create or update body the input of its
 * `create`/`update` schema (nothing for a definition that has none).
 */
export type ResourceRecord<D extends Pick<ResourceDefinition, 'record'>> = z.output<D['record']>;
export type ResourceCreateBody<D extends Pick<ResourceDefinition, 'create'>> = InputOf<D['create']>;
export type ResourceUpdateBody<D extends Pick<ResourceDefinition, 'update'>> = InputOf<D['update']>;
type InputOf<S> = [NonNullable<S>] extends [never] ? never : z.input<NonNullable<S> & z.ZodType>;

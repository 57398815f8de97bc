import { z } from 'zod';
import { DEFAULT_PROVIDER_EMAIL_DOMAINS } from '../constants.js';
import { PROJECT_ROLES } from '../domain/project-members.js';
import { projectStatusSchema, workflowStatusSchema } from '../states.js';
import { emailSchema, providerEmailSchema, sameEmail } from '../validation/email.js';
import { withErrorCode } from '../validation/error-codes.js';
import {
  newOwnerEmailSchema,
  projectGroupSchema,
  projectNameSchema,
  SUBSTITUTE_IS_OWNER_MESSAGE,
  substituteEmailSchema,
  type ProjectHolders,
} from '../validation/project.js';
import { boardSchema } from './board.js';
import { assetSchema } from './dip.js';
import { invitationSchema } from './invitation.js';

export const projectMemberSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.email(),
  /** Roles inside this project (owner, substitute, fae, member, company space roles). */
  roles: z.array(z.enum(PROJECT_ROLES)),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

/** Not stated in the spec; long enough for a paragraph, short enough for a list card. */
export const PROJECT_DESCRIPTION_MAX_LENGTH = 2000;
const projectDescriptionSchema = z
  .string()
  .max(
    PROJECT_DESCRIPTION_MAX_LENGTH,
    `Description may have at most ${PROJECT_DESCRIPTION_MAX_LENGTH} characters.`,
  );

/**
 * A registered board or chip. The spec gives a project both `id` and `uuid`: `id` is the record key, `uuid` the
 * public identifier in URLs (`/my/projects/{uid}`). Codes and classification fields are null until set.
 */
export const projectSchema = z.object({
  id: z.uuid(),
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  members: z.array(projectMemberSchema),
  board: boardSchema,
  assets: z.array(assetSchema),
  /** The open invitation, if any (creating a new one revokes it). */
  invitation: invitationSchema.nullable(),
  secure: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  status: projectStatusSchema,
  /** Where the project's design-in process stands; null for a board without one. */
  dipStatus: workflowStatusSchema.nullable(),
  salesCode: z.string().nullable(),
  shortRomCode: z.string().nullable(),
  ownerCompany: z.string().nullable(),
  group: z.string().nullable(),
  solution: z.string().nullable(),
  variant: z.string().nullable(),
  product: z.string().nullable(),
  developmentCode: z.string().nullable(),
  companyName: z.string().nullable(),
  owner: projectMemberSchema,
  substitute: projectMemberSchema.nullable(),
  fae: projectMemberSchema.nullable(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * The project payloads of spec calls §7.3. The FAE must be a provider address, and provider mail domains are
 * configuration, so the schemas are built for a domain list; the exported constants use the default list.
 */
export function projectPayloadSchemas(
  providerEmailDomains: readonly string[] = DEFAULT_PROVIDER_EMAIL_DOMAINS,
) {
  const faeSchema = providerEmailSchema(providerEmailDomains);

  /** Left out, `owner` is the signed-in user; `board` is the board's id. */
  const create = z
    .object({
      name: projectNameSchema,
      description: projectDescriptionSchema.nullish(),
      board: z.uuid({ error: 'Select a product.' }),
      owner: emailSchema.nullish(),
      fae: faeSchema.nullish(),
      substitute: emailSchema.nullish(),
      dipStatus: workflowStatusSchema.nullish(),
      group: projectGroupSchema.nullish(),
      companySpaceUuid: z.uuid().nullish(),
    })
    .refine((project) => !sameEmail(project.owner, project.substitute), {
      error: SUBSTITUTE_IS_OWNER_MESSAGE,
      path: ['substitute'],
      params: withErrorCode('owner_equals_substitute'),
    });

  /** `PATCH projects/{uuid}`: every field but `uuid` may be left out to keep its value. */
  const update = z.object({
    uuid: z.uuid(),
    name: projectNameSchema.optional(),
    description: projectDescriptionSchema.nullish(),
    fae: faeSchema.nullish(),
    dipStatus: workflowStatusSchema.nullish(),
    group: projectGroupSchema.nullish(),
  });

  /** `POST projects/{id}/fae`. */
  const faeAssignment = z.object({ email: faeSchema });

  return { create, update, faeAssignment };
}

export const {
  create: projectCreatePayloadSchema,
  update: projectUpdatePayloadSchema,
  faeAssignment: faeAssignmentPayloadSchema,
} = projectPayloadSchemas();
export type ProjectCreatePayload = z.infer<typeof projectCreatePayloadSchema>;
export type ProjectUpdatePayload = z.infer<typeof projectUpdatePayloadSchema>;
export type FaeAssignmentPayload = z.infer<typeof faeAssignmentPayloadSchema>;

/** `POST projects/{id}/substitute`, for a project owned by `ownerEmail`. */
export const substituteAssignmentPayloadSchema = (ownerEmail: string) =>
  z.object({ email: substituteEmailSchema(ownerEmail) });

/** `POST projects/{id}/ownership`, for a project with the given owner and substitute. */
export const transferOwnershipPayloadSchema = (holders: ProjectHolders) =>
  z.object({ newProjectOwner: z.object({ email: newOwnerEmailSchema(holders) }) });

export const NOTIFICATION_SETTING_TYPES = [
  'project-status-change',
  'dip-status-change',
  'asset-upload',
] as const;
export const notificationSettingTypeSchema = z.enum(NOTIFICATION_SETTING_TYPES);
export type NotificationSettingType = z.infer<typeof notificationSettingTypeSchema>;

/** A member's notification choice for one event of a project; a missing setting counts as enabled. */
export const notificationSettingSchema = z.object({
  type: notificationSettingTypeSchema,
  enabled: z.boolean().default(true),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

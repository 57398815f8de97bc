import { z } from 'zod';
import { DEFAULT_PROVIDER_EMAIL_DOMAINS } from '../constants.js';
import { PROJECT_ROLES } from '../domain/project-members.js';
import { projectStatusSchema, workflowStatusSchema, type ProjectStatus } from '../states.js';
import { emailSchema, providerEmailSchema, sameEmail } from '../validation/email.js';
import { withErrorCode } from '../validation/error-codes.js';
import {
  newOwnerEmailSchema,
  projectBoardReferenceSchema,
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

  /**
   * Left out, `owner` is the signed-in user. `board` names what is registered: a serial number, or the name or
   * id of a board that needs no serial number (see {@link projectBoardReferenceSchema}).
   */
  const create = z
    .object({
      name: projectNameSchema,
      description: projectDescriptionSchema.nullish(),
      board: projectBoardReferenceSchema,
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

/** `GET projects/{id}/users/me/notifications`: one setting per type, in the order of the types. */
export const notificationSettingsSchema = z.array(notificationSettingSchema);

/** The fields `GET projects/{id}?fields=a,b` may ask for; `id` and `uuid` are always answered. */
export const PROJECT_FIELDS = Object.keys(projectSchema.shape) as (keyof Project)[];

/** A project reduced to the asked `fields`. */
export const projectFieldsSchema = projectSchema.partial().required({ id: true, uuid: true });
/** `GET projects/{id}`: `fields` narrows the answer to the named fields (a comma-separated list). */
export const projectFieldsQuerySchema = z.object({ fields: z.string().max(1000).optional() });
/** `POST projects`: the registration is refused unless the caller accepts the service agreement. */
export const projectRegistrationQuerySchema = z.object({
  acceptServiceAgreement: z.enum(['true', 'false']).optional(),
});
export type ProjectFields = z.infer<typeof projectFieldsSchema>;

/** `GET projects/{id}/secure` and `GET invitations/{id}/secure`. */
export const isSecureSchema = z.object({ isSecure: z.boolean() });
/** `GET projects/user/secure`: whether the user has secure projects (left out of lists without a second factor). */
export const hasSecureSchema = z.object({ hasSecure: z.boolean() });

/** `GET projects/groups/user`: the distinct group names of the user's projects, sorted. */
export const projectGroupsSchema = z.array(z.string());

/** `DELETE projects/{uuid}/users`: the portal user id of the member to remove. */
export const removeProjectMemberPayloadSchema = z.object({ id: z.uuid() });

/** How many projects and people one `POST projects/add-multiple-members` call takes. */
export const ADD_MULTIPLE_MEMBERS_MAX = 100;
/** `POST projects/add-multiple-members`: every listed user (by email) becomes a member of every listed project. */
export const addMultipleMembersPayloadSchema = z.object({
  projects: z
    .array(z.uuid())
    .min(1, 'Select at least one project.')
    .max(ADD_MULTIPLE_MEMBERS_MAX, `Select at most ${ADD_MULTIPLE_MEMBERS_MAX} projects.`),
  users: z
    .array(emailSchema)
    .min(1, 'Enter at least one email address.')
    .max(ADD_MULTIPLE_MEMBERS_MAX, `Enter at most ${ADD_MULTIPLE_MEMBERS_MAX} email addresses.`),
});
export type AddMultipleMembersPayload = z.infer<typeof addMultipleMembersPayloadSchema>;

/** The batch summary of `POST projects/add-multiple-members`: one entry per project and user. */
export const addMultipleMembersResultSchema = z.object({
  added: z.array(z.object({ project: z.uuid(), email: z.string() })),
  failed: z.array(
    z.object({ project: z.uuid(), email: z.string(), errorCode: z.string(), message: z.string() }),
  ),
});
export type AddMultipleMembersResult = z.infer<typeof addMultipleMembersResultSchema>;

/** `POST projects/{id}/fae` takes a provider address (`faeAssignmentPayloadSchema`); this is the shape both share. */
export const emailAssignmentPayloadSchema = z.object({ email: emailSchema });

/** `POST projects/{id}/ownership`, before the project's owner and substitute are known. */
export const ownershipPayloadSchema = z.object({ newProjectOwner: z.object({ email: emailSchema }) });

/** `GET projects/statistics` (admin statistics page). */
export const projectStatisticsSchema = z.object({
  total: z.number().int().nonnegative(),
  secure: z.number().int().nonnegative(),
  byStatus: z.record(projectStatusSchema, z.number().int().nonnegative()),
  /** Projects registered in the last 30 days. */
  registeredLast30Days: z.number().int().nonnegative(),
  /** The boards with the most projects, most first (at most 10). */
  topBoards: z.array(z.object({ boardId: z.uuid(), boardName: z.string(), count: z.number().int() })),
  /** Registrations per calendar month (UTC, `YYYY-MM`), the last 12 months, oldest first. */
  byMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type ProjectStatistics = z.infer<typeof projectStatisticsSchema>;

/** Where each status may go (spec product §4): the owner requests cancellation, the provider accepts or rejects. */
export const PROJECT_CANCEL_TRANSITIONS = {
  request: { from: 'active', to: 'cancellation-requested' },
  accept: { from: 'cancellation-requested', to: 'cancelled' },
  reject: { from: 'cancellation-requested', to: 'active' },
} as const satisfies Record<string, { from: ProjectStatus; to: ProjectStatus }>;
export type ProjectCancelAction = keyof typeof PROJECT_CANCEL_TRANSITIONS;

/**
 * The filters project lists accept (`filter={...}`), allow-listed: `q` searches name, SRC and sales code; `group`
 * `None` means projects without a group (the name is reserved for that); `id` serves react-admin's getMany.
 */
export const projectListFilterSchema = z
  .object({
    q: z.string().max(255).optional(),
    status: z.union([projectStatusSchema, z.array(projectStatusSchema).max(4)]).optional(),
    board: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).optional(),
    group: z.string().max(255).optional(),
    secure: z.boolean().optional(),
    id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).optional(),
  })
  .strict();
export type ProjectListFilter = z.infer<typeof projectListFilterSchema>;

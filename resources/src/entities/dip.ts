import { z } from 'zod';
import { workflowStatusSchema, dipStepStateSchema, type WorkflowStatus } from '../states.js';
import { dipStepTitleSchema } from '../validation/dip.js';
import { emailOrEmptySchema, emailSchema, sameEmail } from '../validation/email.js';
import { withErrorCode } from '../validation/error-codes.js';
import {
  developmentCodeSchema,
  salesCodeSchema,
  srcSchema,
  SUBSTITUTE_IS_OWNER_MESSAGE,
} from '../validation/project.js';
import { requiredText } from '../validation/text.js';
import { gettingStartedStepSchema } from './getting-started.js';
import { assetDeletePolicySchema } from './secure-workflow.js';

/** Who may resolve a design-in step. `nobody` means the system resolves it. */
export const DIP_RESOLVER_ROLES = ['project-member', 'project-owner', 'fae', 'csa', 'nobody'] as const;
export const dipResolverRoleSchema = z.enum(DIP_RESOLVER_ROLES);
export type DipResolverRole = z.infer<typeof dipResolverRoleSchema>;

/** The task that completes a step (the spec's "completion type"). */
export const DIP_COMPLETION_TYPES = [
  'file-upload',
  'file-upload-xml-validation',
  'file-upload-encrypted',
  'sales-code-input',
  'short-rom-code-input',
  'dev-code-input',
  'input',
  'check',
  'check-with-comment',
  'textarea',
  'child-project',
] as const;
export const dipCompletionTypeSchema = z.enum(DIP_COMPLETION_TYPES);
export type DipCompletionType = z.infer<typeof dipCompletionTypeSchema>;

/** Completion types whose step takes files. */
export const DIP_UPLOAD_COMPLETION_TYPES: readonly DipCompletionType[] = [
  'file-upload',
  'file-upload-xml-validation',
  'file-upload-encrypted',
];

/** Still read on existing steps, refused on new ones. */
export const DEPRECATED_DIP_COMPLETION_TYPES: readonly DipCompletionType[] = ['sales-code-input'];

/** The project a child-project step creates when the step is reached. */
export const childProjectSchema = z.object({
  boardIspn: z.string(),
  ownerEmail: z.string(),
  substituteEmail: z.string().nullable(),
});
export type ChildProject = z.infer<typeof childProjectSchema>;

/** A step of a board's design-in process, as stored. */
export const dipStepSchema = z.object({
  id: z.uuid(),
  stepNumber: z.number().int().positive(),
  title: z.string(),
  /** Rich text: what the customer has to do. */
  description: z.string().nullable(),
  resolverRoles: z.array(dipResolverRoleSchema),
  /** Who completes the step once it is resolved; the spec does not list the values, so the resolver roles. */
  completer: dipResolverRoleSchema.nullable(),
  /** Null for a step that only informs. */
  completionType: dipCompletionTypeSchema.nullable(),
  confirmationRequired: z.boolean(),
  /** Whether a company space admin may reset the project to this step. */
  csaReset: z.boolean(),
  /** Part of the secure workflow: applies only to secure boards (see `applicableDipSteps`). */
  secure: z.boolean(),
  childProject: childProjectSchema.nullable(),
});
export type DipStep = z.infer<typeof dipStepSchema>;

/** Not stated in the spec: room for a page of rich text. */
export const DIP_DESCRIPTION_MAX_LENGTH = 20_000;
/** Not stated in the spec: more steps than this is no longer a process anyone can follow. */
export const DIP_STEPS_MAX = 50;

export const childProjectInputSchema = z.object({
  boardIspn: requiredText('Select the board of the child project.'),
  ownerEmail: requiredText("The child project's owner email is required.").pipe(emailSchema),
  substituteEmail: emailSchema.nullable(),
});

/** A step as the DIP editor saves it: without `id` when new, numbered by its position in the process. */
export const dipStepInputSchema = dipStepSchema
  .omit({ id: true, stepNumber: true })
  .extend({
    id: z.uuid().optional(),
    title: dipStepTitleSchema,
    description: z
      .string()
      .max(
        DIP_DESCRIPTION_MAX_LENGTH,
        `Description may have at most ${DIP_DESCRIPTION_MAX_LENGTH} characters.`,
      )
      .nullable(),
    resolverRoles: z.array(dipResolverRoleSchema).min(1, 'Select who resolves this step.'),
    childProject: childProjectInputSchema.nullable(),
  })
  .superRefine((step, ctx) => {
    const issue = (path: string[], message: string, params?: Record<string, unknown>) =>
      ctx.addIssue({ code: 'custom', path, message, ...(params && { params }) });

    if (step.completionType && !step.description?.trim()) {
      issue(['description'], 'Description is required when the step has a task type.');
    }
    if (step.resolverRoles.includes('nobody') && step.resolverRoles.length > 1) {
      issue(['resolverRoles'], 'Nobody cannot be combined with other resolvers.');
    }
    if (step.confirmationRequired && step.completer === 'nobody') {
      issue(
        ['completer'],
        'Nobody cannot confirm a step: choose who confirms it, or leave it to the provider.',
      );
    }
    if (step.completionType && DEPRECATED_DIP_COMPLETION_TYPES.includes(step.completionType) && !step.id) {
      issue(['completionType'], 'Sales code input is deprecated and cannot be used for new steps.');
    }
    if (step.completionType === 'child-project') {
      if (!step.childProject) {
        issue(['childProject'], 'A child-project step needs a board and an owner email.');
      } else if (sameEmail(step.childProject.ownerEmail, step.childProject.substituteEmail)) {
        issue(
          ['childProject', 'substituteEmail'],
          SUBSTITUTE_IS_OWNER_MESSAGE,
          withErrorCode('owner_equals_substitute'),
        );
      }
      if (step.resolverRoles.some((role) => role !== 'nobody')) {
        issue(
          ['resolverRoles'],
          'A child-project step is resolved by the system only: set its resolver to Nobody.',
        );
      }
    }
  });
export type DipStepInput = z.infer<typeof dipStepInputSchema>;

/** A board's whole design-in process as the DIP editor saves it. */
export const dipInputSchema = z
  .array(dipStepInputSchema)
  .min(1, 'A design-in process needs at least one step.');

/**
 * One row of the DIP editor as it is saved: an existing step (with `id`), a new one (without), or a step marked
 * removed, which the save takes out of the process ("applied on save", spec §4). A removed step is not checked.
 */
export const dipStepListItemSchema = z
  .looseObject({ id: z.uuid().optional(), removed: z.boolean().optional() })
  .superRefine((item, ctx) => {
    if (item.removed) return;
    for (const issue of dipStepInputSchema.safeParse(item).error?.issues ?? []) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path,
        message: issue.message,
        ...(issue.code === 'custom' && issue.params ? { params: issue.params } : {}),
      });
    }
  });
export type DipStepListItem = z.infer<typeof dipStepListItemSchema>;

/**
 * `PUT boards/{id}/dip-steps`: every current step by id plus new steps without id, in the new order. The list
 * names every current step, so a save over a process someone else changed meanwhile is refused (409).
 */
export const dipStepListInputSchema = z.object({
  steps: z
    .array(dipStepListItemSchema)
    .max(DIP_STEPS_MAX, `A design-in process may have at most ${DIP_STEPS_MAX} steps.`)
    .refine((steps) => {
      const ids = steps.flatMap((step) => (step.id ? [step.id] : []));
      return new Set(ids).size === ids.length;
    }, 'A step appears twice in the list.')
    .refine((steps) => steps.some((step) => !step.removed), 'A design-in process needs at least one step.'),
});
export type DipStepListInput = z.infer<typeof dipStepListInputSchema>;

/**
 * A board's design-in process as the admin API answers it: the steps in order, and a warning for each step that
 * does not apply to the board (a secure step on a board that is not secure, or the reverse), which its projects
 * leave out.
 */
export const dipStepsSchema = z.object({
  steps: z.array(dipStepSchema),
  warnings: z.array(z.string()),
});
export type DipSteps = z.infer<typeof dipStepsSchema>;

/** After the design-in process, the project continues on a next board, optionally with a new owner. */
export const followUpSchema = z.object({
  nextBoardId: z.uuid(),
  /** Null: the project's owner continues. */
  nextOwnerEmail: z.email().nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** The follow-up as the API answers it, with the next board's name for display. */
export const followUpRecordSchema = followUpSchema.extend({ nextBoardName: z.string() });
/** `GET|PUT|DELETE boards/{id}/follow-up`: the board's follow-up process, null when it has none. */
export const followUpAnswerSchema = z.object({ followUp: followUpRecordSchema.nullable() });
export type FollowUpRecord = z.infer<typeof followUpRecordSchema>;

export const followUpInputSchema = z.object({
  nextBoardId: z.uuid({ error: 'Select the next board.' }),
  /** Empty or null: the project's owner continues. */
  nextOwnerEmail: emailOrEmptySchema.nullish(),
});
export type FollowUpInput = z.infer<typeof followUpInputSchema>;

/** A file uploaded to a design-in step (spec §3). */
export const assetSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  /** Email of the uploader. */
  uploadedBy: z.string(),
  /** Number of the step the file was uploaded to. */
  uploadedToStep: z.number().int().positive(),
  uploadedAt: z.iso.datetime({ offset: true }),
  /** Set when the virus scanner found malware in the file. */
  malwareDetected: z.boolean(),
});
export type Asset = z.infer<typeof assetSchema>;

export const DIP_ASSET_KINDS = ['file', 'config', 'encrypted'] as const;
export const DIP_SCAN_STATUSES = ['clean', 'infected', 'not_scanned'] as const;

/** An uploaded file as the DIP asset routes answer it: the spec's asset plus what the list and download need. */
export const dipAssetSchema = assetSchema.extend({
  stepId: z.uuid(),
  stepTitle: z.string(),
  size: z.number().int().nonnegative(),
  /** Hex SHA-256 of the bytes. */
  sha256: z.string(),
  /** `config`: a secure configuration (XML); `encrypted`: an armoured `.asc` file; `file`: any other file. */
  kind: z.enum(DIP_ASSET_KINDS),
  /** `not_scanned` when no virus scanner is configured. */
  scanStatus: z.enum(DIP_SCAN_STATUSES),
  /** A configuration's metadata values by metadata key; null for other files. */
  metadata: z.record(z.string(), z.string()).nullable(),
  /** Whether a configuration is in the state "customer complete"; null for other files. */
  customerComplete: z.boolean().nullable(),
});
export type DipAsset = z.infer<typeof dipAssetSchema>;

export const TEXTAREA_MAX_LENGTH = 10_000;
export const INPUT_MAX_LENGTH = 255;
export const COMMENT_MAX_LENGTH = 2000;

/**
 * `POST projects/{id}/dip/steps/{stepId}/resolve`: the input the step's completion type asks for (see
 * {@link dipResolveInputSchema}); steps that take files or no input send `{}`.
 */
export const dipResolvePayloadSchema = z.object({
  value: z.string().max(TEXTAREA_MAX_LENGTH).optional(),
  checked: z.boolean().optional(),
  comment: z.string().max(COMMENT_MAX_LENGTH).optional(),
});
export type DipResolvePayload = z.infer<typeof dipResolvePayloadSchema>;

/** The sales code rule with the code of calls §8.3 on its issue. */
const salesCodeInputSchema = z.string({ error: 'Sales code is required.' }).superRefine((value, ctx) => {
  for (const issue of salesCodeSchema.safeParse(value).error?.issues.slice(0, 1) ?? []) {
    ctx.addIssue({ code: 'custom', message: issue.message, params: withErrorCode('salescode_invalid') });
  }
});

/** The rules of spec §5 for the input of one completion type. */
export function dipResolveInputSchema(completionType: DipCompletionType | null) {
  switch (completionType) {
    case 'sales-code-input':
      return z.object({ value: salesCodeInputSchema });
    case 'short-rom-code-input':
      return z.object({ value: z.string({ error: 'The SRC is required.' }).pipe(srcSchema) });
    case 'dev-code-input':
      return z.object({ value: developmentCodeSchema });
    case 'input':
      return z.object({
        value: requiredText('Please enter a value.').max(
          INPUT_MAX_LENGTH,
          `The value may have at most ${INPUT_MAX_LENGTH} characters.`,
        ),
      });
    case 'textarea':
      return z.object({
        value: requiredText('Please enter a text.').max(
          TEXTAREA_MAX_LENGTH,
          `The text may have at most ${TEXTAREA_MAX_LENGTH} characters.`,
        ),
      });
    case 'check':
      return z.object({ checked: z.literal(true, 'Tick the box to confirm.') });
    case 'check-with-comment':
      return z.object({
        checked: z.literal(true, 'Tick the box to confirm.'),
        comment: requiredText('Please add a comment.').max(
          COMMENT_MAX_LENGTH,
          `The comment may have at most ${COMMENT_MAX_LENGTH} characters.`,
        ),
      });
    default:
      // Files are uploaded beforehand; a child project is made by the system; an informative step takes nothing.
      return z.object({});
  }
}

/** `POST projects/{id}/dip/reset`: the step the process goes back to. */
export const dipResetPayloadSchema = z.object({ stepId: z.uuid() });
export type DipResetPayload = z.infer<typeof dipResetPayloadSchema>;

/** What a project did with one step. People are named by email. */
export const dipStepResultSchema = z.object({
  value: z.string().nullable(),
  checked: z.boolean().nullable(),
  comment: z.string().nullable(),
  /** The project a child-project step created. */
  childProjectId: z.uuid().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
  completedBy: z.string().nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why the system could not resolve a step it resolves itself; an admin may retry. */
  systemError: z.string().nullable(),
});
export type DipStepResult = z.infer<typeof dipStepResultSchema>;

/** A step of a project's design-in process with its state and what the caller may do with it. */
export const dipProjectStepSchema = dipStepSchema.extend({
  state: dipStepStateSchema,
  /** Submitted and waiting for confirmation (only the active step can be). */
  resolved: z.boolean(),
  /** The active step: who has to act next. Null for the other steps. */
  waitingFor: workflowStatusSchema.nullable(),
  result: dipStepResultSchema.nullable(),
  assetCount: z.number().int().nonnegative(),
  gettingStarted: z.array(gettingStartedStepSchema),
  /** What the caller may do with this step right now. */
  can: z.object({
    upload: z.boolean(),
    resolve: z.boolean(),
    complete: z.boolean(),
    reset: z.boolean(),
  }),
});
export type DipProjectStep = z.infer<typeof dipProjectStepSchema>;

/** `GET projects/{id}/dip`: a project's design-in process. */
export const dipProcessSchema = z.object({
  projectId: z.uuid(),
  /** Null when the project's board has no design-in process. */
  workflowStatus: workflowStatusSchema.nullable(),
  activeStepId: z.uuid().nullable(),
  steps: z.array(dipProjectStepSchema),
  followUp: followUpRecordSchema
    .extend({
      /** The project the completed process started on the next board. */
      projectId: z.uuid().nullable(),
    })
    .nullable(),
  /** When files of a step may be deleted: only before the step is submitted, or always. */
  deletePolicy: assetDeletePolicySchema,
  /** On a secure board, the file types its steps accept; null elsewhere. */
  acceptedFileTypes: z.array(z.string()).nullable(),
});
export type DipProcess = z.infer<typeof dipProcessSchema>;

/**
 * Who the workflow waits for when the given roles may act (spec §4 workflow status): nobody (the system), the
 * owner, the members (members, or the company space admin), the provider (FAE), or, when both customer and
 * provider may act, simply "in progress".
 */
export function dipWaitingFor(roles: readonly DipResolverRole[]): WorkflowStatus {
  if (roles.length === 0 || roles.every((role) => role === 'nobody')) return 'assigned-to-nobody';
  const customer =
    roles.includes('project-member') || roles.includes('csa')
      ? 'assigned-to-member'
      : roles.includes('project-owner')
        ? 'assigned-to-owner'
        : null;
  const provider = roles.includes('fae');
  if (customer && provider) return 'in-progress';
  return customer ?? 'assigned-to-provider';
}

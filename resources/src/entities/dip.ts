import { z } from 'zod';
import { dipStepTitleSchema } from '../validation/dip.js';
import { emailOrEmptySchema, emailSchema, sameEmail } from '../validation/email.js';
import { withErrorCode } from '../validation/error-codes.js';
import { SUBSTITUTE_IS_OWNER_MESSAGE } from '../validation/project.js';
import { requiredText } from '../validation/text.js';

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

/** After the design-in process, the project continues on a next board, optionally with a new owner. */
export const followUpSchema = z.object({
  nextBoardId: z.uuid(),
  nextOwnerEmail: z.email().nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const followUpInputSchema = z.object({
  nextBoardId: z.uuid({ error: 'Select the next board.' }),
  nextOwnerEmail: emailOrEmptySchema,
});
export type FollowUpInput = z.infer<typeof followUpInputSchema>;

/** A file uploaded to a design-in step. */
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

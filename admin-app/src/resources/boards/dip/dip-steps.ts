import {
  dipStepListInputSchema,
  errorsByField,
  type DipCompletionType,
  type DipResolverRole,
  type DipStep,
  type DipStepListItem,
} from '@portal/resources';
import { apiErrorsOf } from '../../../providers/errors';

/** A step as the editor holds it: a saved one (with its id and number) or a new one, maybe marked removed. */
export interface StepRow {
  /** A key for new rows that have no id yet. */
  key: string;
  id?: string;
  /** The saved number, for the step's getting-started page; undefined for a new step. */
  stepNumber?: number;
  title: string;
  description: string | null;
  resolverRoles: DipResolverRole[];
  completer: DipResolverRole | null;
  completionType: DipCompletionType | null;
  confirmationRequired: boolean;
  csaReset: boolean;
  secure: boolean;
  childProject: { boardIspn: string; ownerEmail: string; substituteEmail: string | null } | null;
  removed?: boolean;
}

let nextKey = 0;

export const newStepRow = (): StepRow => ({
  key: `new-${nextKey++}`,
  title: '',
  description: null,
  resolverRoles: ['project-member'],
  completer: null,
  completionType: null,
  confirmationRequired: false,
  csaReset: false,
  secure: false,
  childProject: null,
});

export const toRows = (steps: readonly DipStep[]): StepRow[] =>
  steps.map((step) => ({
    key: step.id,
    id: step.id,
    stepNumber: step.stepNumber,
    title: step.title,
    description: step.description,
    resolverRoles: [...step.resolverRoles],
    completer: step.completer,
    completionType: step.completionType,
    confirmationRequired: step.confirmationRequired,
    csaReset: step.csaReset,
    secure: step.secure,
    childProject: step.childProject,
  }));

/**
 * What the save sends for a row: the step without the editor's keys; a child project only on a child-project
 * step (the fields stay in the row while the admin tries other tasks).
 */
export function toListItem({ key: _key, stepNumber: _number, ...row }: StepRow): DipStepListItem {
  const item: DipStepListItem = {
    ...row,
    childProject: row.completionType === 'child-project' ? (row.childProject ?? null) : null,
  };
  if (!row.id) delete item.id;
  if (!row.removed) delete item.removed;
  return item;
}

/** Messages by row and field (`title`, `childProject.ownerEmail`), and those of the list as a whole. */
export interface StepErrors {
  rows: Record<number, Record<string, string>>;
  list: string[];
}

function place(errors: StepErrors, path: readonly PropertyKey[], message: string) {
  const [, index, ...field] = path;
  if (typeof index !== 'number') {
    if (!errors.list.includes(message)) errors.list.push(message);
    return;
  }
  const key = field.length ? field.map(String).join('.') : 'title';
  errors.rows[index] ??= {};
  errors.rows[index][key] ??= message;
}

/** The rules of spec §5 over the whole list, as the API checks them (`dipStepListInputSchema`). */
export function stepErrors(rows: readonly StepRow[]): StepErrors {
  const errors: StepErrors = { rows: {}, list: [] };
  const result = dipStepListInputSchema.safeParse({ steps: rows.map(toListItem) });
  for (const issue of result.error?.issues ?? []) place(errors, issue.path, issue.message);
  return errors;
}

/** The API's refusal of a save, placed like the form's own messages (`body.steps.2.title` → row 2, title). */
export function apiStepErrors(error: unknown): StepErrors {
  const sorted = errorsByField(apiErrorsOf(error), {
    field: (path) => (path === 'steps' || path.startsWith('steps.') ? path : undefined),
  });
  const errors: StepErrors = { rows: {}, list: [] };
  for (const message of sorted.form) place(errors, [], message);
  for (const [field, messages] of Object.entries(sorted.fields)) {
    const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    for (const message of messages) place(errors, path, message);
  }
  return errors;
}

/**
 * A step's rich-text description as its text box shows it: paragraphs as blank-line separated blocks, line breaks
 * as new lines, no markup. The customer's page renders the rich text; the admin never edits raw `<p>` tags.
 */
export function descriptionText(html: string | null): string {
  if (!html) return '';
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|div|h[1-6]|blockquote|pre)\s*>/gi, '\n\n');
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text box's text as the rich text saved: a paragraph per blank-line separated block, `<br>` per new line. */
export function descriptionHtml(text: string): string | null {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  if (!paragraphs.length) return null;
  return paragraphs.map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`).join('');
}

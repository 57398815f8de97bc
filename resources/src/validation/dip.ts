import { requiredText } from './text.js';

const DIP_STEP_TITLE_LENGTH = { min: 3, max: 100 } as const;

/** The spec asks for a minimum and a maximum title length without values; 3 to 100 fits a step card. */
export const dipStepTitleSchema = requiredText('Step title is required.')
  .min(DIP_STEP_TITLE_LENGTH.min, `Step title must have at least ${DIP_STEP_TITLE_LENGTH.min} characters.`)
  .max(DIP_STEP_TITLE_LENGTH.max, `Step title may have at most ${DIP_STEP_TITLE_LENGTH.max} characters.`);

/**
 * Secure steps apply only to secure boards and the other steps only to the others. A step on the wrong kind of
 * board is not an error: it is left out, with a warning for the admin (spec product §5).
 */
export function applicableDipSteps<Step extends { title: string; secure: boolean }>(
  steps: readonly Step[],
  board: { secure: boolean },
): { steps: Step[]; warnings: string[] } {
  const warnings = steps
    .filter((step) => step.secure !== board.secure)
    .map((step) =>
      step.secure
        ? `Step "${step.title}" is secure and is ignored on a board that is not secure.`
        : `Step "${step.title}" is not secure and is ignored on a secure board.`,
    );
  return { steps: steps.filter((step) => step.secure === board.secure), warnings };
}

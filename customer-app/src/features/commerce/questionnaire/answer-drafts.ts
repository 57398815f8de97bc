import type { QuestionnaireAnswers } from '@portal/resources';

const DRAFT_KEY = 'portal:cart-answers';

/**
 * Answers given so far, kept for the browser tab so that going back to the cart and returning does not lose
 * them. Cleared by a checkout; never in local storage (they may hold personal details).
 */
export const answerDrafts = {
  read(): QuestionnaireAnswers {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}');
      return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
        ? (stored as QuestionnaireAnswers)
        : {};
    } catch {
      return {};
    }
  },
  write(answers: QuestionnaireAnswers): void {
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(answers));
    } catch {
      // Storage blocked: the answers stay on the page only.
    }
  },
  clear(): void {
    sessionStorage.removeItem(DRAFT_KEY);
  },
};

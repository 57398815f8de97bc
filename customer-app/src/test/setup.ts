import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject } from 'vitest';
import { commerceTexts } from '../i18n/en-us-commerce';
import { dipTexts } from '../i18n/en-us-dip';
import { errorTexts } from '../i18n/en-us-errors';
import { projectTexts } from '../i18n/en-us-projects';
import { shellPageTexts } from '../i18n/en-us-shell-pages';
import { addTexts } from '../i18n/i18n';

// Pages load their feature's texts through their routes; components rendered alone in a test get them here.
addTexts({ ...errorTexts, ...shellPageTexts, ...commerceTexts, ...projectTexts, ...dipTexts });

declare module 'vitest' {
  export interface ProvidedContext {
    waitForStateMs: number;
  }
}

// Pages render in several passes (session, queries, lazy chunks): on a busy machine that takes more than Testing
// Library's default second. The bound is vitest.config.ts's, shared by every project.
configure({ asyncUtilTimeout: inject('waitForStateMs') });

// Testing Library unmounts after each test only when the runner exposes globals; vitest does not by default.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

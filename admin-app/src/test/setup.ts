import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject } from 'vitest';
import { forgetCodedMessages } from '../providers/errors';

declare module 'vitest' {
  export interface ProvidedContext {
    waitForStateMs: number;
  }
}

// react-admin renders in several passes (access check, query, layout): on a busy machine that takes more than
// Testing Library's default second. The bound is vitest.config.ts's, shared by every project.
configure({ asyncUtilTimeout: inject('waitForStateMs') });

// Testing Library unmounts after each test only when the runner exposes globals; vitest does not by default.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  forgetCodedMessages();
});

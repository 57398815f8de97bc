import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// react-admin renders in several passes (access check, query, layout): on a busy machine that takes more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts after each test only when the runner exposes globals; vitest does not by default.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

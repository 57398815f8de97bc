import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only when the runner exposes globals; vitest does not by default.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

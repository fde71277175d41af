import { afterEach } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';

// Each test starts as a fresh tab: a form draft or a session one test stored must not reach the next.
afterEach(() => {
  sessionStorage.clear();
});

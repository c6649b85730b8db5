/**
 * `npm run test:e2e`: the bundled action and CLI run as their users run them (__tests__/e2e), one
 * test file at a time (--runInBand): each test starts the bundle several times, and two files side
 * by side held two bundles and two workers at once, over 1 GB.
 */
import { shared } from './jest.config.js';

export default {
  ...shared,
  testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
};

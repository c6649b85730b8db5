/**
 * Jest on native ESM: Node strips the TypeScript types, tests run under --experimental-vm-modules.
 * `npm test` runs every test but the end-to-end suites, which `npm run test:e2e` runs with
 * jest.e2e.config.js.
 */
export const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': '<rootDir>/__tests__/helpers/strip-types.cjs' },
  setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/exit-listeners.ts'],
  testTimeout: 60000,
};

export default {
  ...shared,
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/e2e/'],
  maxWorkers: 2,
  // Every test file runs in a fresh worker. A worker keeps much of what each file loaded (every
  // file imports the modules and the WASM grammars anew), so it grew by tens of MB a file, to
  // 0.9-1.2 GB; and each git process a test starts forks the worker, at a cost that grows with its
  // memory. Jest compares this limit with the worker's JavaScript heap only, never with the WASM
  // memory and code around it, so the only limit that bounds a worker is one every file passes.
  workerIdleMemoryLimit: '1MB',
};

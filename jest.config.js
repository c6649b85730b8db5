/** Jest on native ESM: Node strips the TypeScript types, tests run under --experimental-vm-modules. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': '<rootDir>/__tests__/helpers/strip-types.cjs' },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 60000,
  setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/exit-listeners.ts'],
  maxWorkers: 2,
  // Every test file runs in a fresh worker. A worker keeps much of what each file loaded (every
  // file imports the modules and the WASM grammars anew), so it grew by tens of MB a file, to
  // 0.9-1.2 GB; and each git process a test starts forks the worker, at a cost that grows with its
  // memory. Jest compares this limit with the worker's JavaScript heap only, never with the WASM
  // memory and code around it, so the only limit that bounds a worker is one every file passes.
  workerIdleMemoryLimit: '1MB',
};

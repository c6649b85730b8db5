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
};

/** One jest config for every Node workspace: native ESM, TypeScript through SWC, sources of @platform/* packages. */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true, decorators: false }, target: 'es2022' },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@platform/source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/e2e/'],
  testTimeout: 60_000,
  maxWorkers: 2,
};

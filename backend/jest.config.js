/** Jest runs the TypeScript sources as ESM through SWC, keeping decorator metadata for Nest's DI. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // CommonJS dependencies that require() ESM-only packages.
    '^(cookie|content-disposition)$': '<rootDir>/test/support/esm/$1.cjs',
  },
  testEnvironment: 'node',
};

export default {
  // The machine is shared with builds and browsers; a slow run is not a failure.
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/reliability/'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    // Faults against the built app as real processes (kill -9, database restarts, failover): `npm run test:reliability`.
    {
      ...common,
      displayName: 'reliability',
      testMatch: ['<rootDir>/test/reliability/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};

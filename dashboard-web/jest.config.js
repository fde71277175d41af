/** Component tests: TypeScript/TSX through SWC as ESM (like backend/jest.config.js), in jsdom. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

// Every test runs in a zone that is not UTC (its workers inherit this), so code that takes the visitor's
// days for UTC days, or the other way round, fails here and not only for visitors far from Greenwich.
process.env.TZ = 'America/Los_Angeles';

export default {
  testEnvironment: '<rootDir>/test/environment.js',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  testMatch: ['<rootDir>/src/**/*.test.tsx', '<rootDir>/src/**/*.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  // The machine is shared with builds and browsers; a slow run is not a failure.
  // Generous: a loaded 2-core CI machine once took over 30 s for the long pre-check form.
  testTimeout: 60_000,
};

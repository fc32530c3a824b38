// Unit and integration tests (next/jest: SWC transform, tsconfig paths). Integration tests get a
// database of their own, cloned from a migrated template (lib/testing).
import os from 'node:os';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  testMatch: [
    '<rootDir>/lib/**/*.test.ts',
    '<rootDir>/components/**/*.test.ts',
    '<rootDir>/scripts/**/*.test.ts',
  ],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  globalSetup: '<rootDir>/lib/testing/global-setup.ts',
  globalTeardown: '<rootDir>/lib/testing/global-teardown.ts',
  testTimeout: 30_000,
  // Most files wait on PostgreSQL more than they compute: two workers on 2 cores took 245 s where jest's
  // default there (one) took 457 s.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  reporters: ['default', '<rootDir>/lib/testing/summary-reporter.cjs'],
};

const ESM_PACKAGES = [
  'next-intl',
  'use-intl',
  'icu-minify',
  '@formatjs',
  'intl-messageformat',
  'ky',
  '@dicebear',
  '@apidevtools',
  '@jsdevtools',
  '@noble',
];

export default async () => {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [
    `/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`,
    '^.+\\.module\\.(css|sass|scss)$',
  ];
  return resolved;
};

import { defineConfig } from 'vitest/config';

// End-to-end tests: a real `tabula serve` and Debian's chromium. Run by
// `npm run e2e` (and test.sh), never by the unit test run.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    setupFiles: ['e2e/setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000, // the first `go build` of the binary on a cold cache
    fileParallelism: false,
  },
});

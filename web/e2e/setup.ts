// Runs around every e2e test: a test fails when a page it opened logged an
// uncaught error, a console error or a CSP violation (see harness.ts).
import { afterEach, expect } from 'vitest';
import { takeProblems } from './harness';

afterEach(() => {
  expect(takeProblems(), 'problems reported by the pages').toEqual([]);
});

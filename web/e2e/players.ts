// Steps of a player's life in the browser that several specs share:
// signing up, and reading the result of a rated game on one's profile
// page and in one's archive, down to the game's replay.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fits, replyMs } from './harness';

export const password = 'correct horse battery';

/** signUp signs a new user up from the lobby's "Sign up" link; the page ends in the lobby, logged in. */
export async function signUp(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url + '/');
  await page.locator('[data-account="out"] a', { hasText: 'Sign up' }).click();
  await page.waitForURL(/\/signup/);
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('form.account-form button[type="submit"]');
  await page.locator('button.account-button', { hasText: name }).waitFor();
  await page.waitForURL(url + '/');
}

/**
 * openOwnProfile follows the user's own name in the finished match's player
 * bar to the profile page, /user/NAME.
 */
export async function openOwnProfile(page: Page, name: string): Promise<void> {
  await page.locator('.player a.user-link', { hasText: name }).click();
  await page.waitForURL(new RegExp(`/user/${name}$`));
}

/**
 * checkRatedGame checks, on a profile page, the user's first rated game of
 * Pathagon, match id, ended in outcome: the rating moved from 1500 the
 * way the outcome says, its graph has one point, and the game is listed
 * with its outcome and the rating change.
 */
export async function checkRatedGame(page: Page, id: string, outcome: 'win' | 'loss'): Promise<number> {
  const rating = page.locator('[data-rating="pathagon"]');
  await rating.waitFor({ timeout: replyMs });
  const value = Number(await rating.getAttribute('data-value'));
  expect(Math.sign(value - 1500)).toBe(outcome === 'win' ? 1 : -1);
  const graph = rating.locator('svg.rating-graph');
  expect(await graph.getAttribute('data-graph-points')).toBe('1');
  expect(await graph.getAttribute('aria-label')).toContain('Pathagon');
  expect(await page.locator('[data-record]').getAttribute('data-record')).toBe(outcome === 'win' ? '1/0/0' : '0/0/1');
  const game = page.locator(`[data-played="${id}"]`);
  expect(await game.getAttribute('data-outcome')).toBe(outcome);
  expect(await game.locator('[data-rating-change]').textContent()).toMatch(outcome === 'win' ? /1500 → 1[5-9]\d\d/ : /1500 → 1[0-4]\d\d/);
  return value;
}

/**
 * checkArchive goes from a profile page to the user's archive, finds match
 * id under its outcome (and not under the other) among rated games, and
 * opens its replay: the finished match with its result.
 */
export async function checkArchive(page: Page, name: string, id: string, outcome: 'win' | 'loss'): Promise<void> {
  await page.locator('a', { hasText: 'All games' }).click();
  await page.waitForURL(new RegExp(`/user/${name}/games$`));
  await page.locator(`[data-played="${id}"]`).waitFor({ timeout: replyMs });
  await page.selectOption('select[name="result"]', outcome === 'win' ? 'loss' : 'win');
  await page.getByText('No games match.').waitFor();
  await page.selectOption('select[name="result"]', outcome);
  await page.selectOption('select[name="rated"]', 'true');
  await page.locator(`[data-played="${id}"]`).waitFor({ timeout: replyMs });
  await fits(page, '.archive');
  await page.locator(`[data-played="${id}"] a`, { hasText: 'Replay' }).click();
  await page.waitForURL(new RegExp(`/match/${id}$`));
  await page.locator('[data-result]').first().waitFor({ timeout: replyMs });
}

// Dark mode (issue 24, defect 13): a black piece's marks (the player bars'
// swatches, Talat's black towers and Black's corner marker) stay visible on
// the dark page: an outline of at least 3:1 against what lies behind (WCAG
// 1.4.11, non-text contrast) and a fill that is not the background's colour,
// so a black disc never reads as an empty ring. The corners' names, text,
// need 4.5:1.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, launch, resultsDir, startServer, type Server } from './harness';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Mark {
  what: string;
  /** Contrast of the outline (border or stroke) against the background behind the mark. */
  outline: number;
  /** Contrast of the fill against the same background. */
  fill: number;
}

/** marks measures every element sel matches: its outline's and its fill's contrast against the first opaque background behind it. */
function marks(page: Page, sel: string): Promise<Mark[]> {
  return page.evaluate((sel) => {
    const rgb = (c: string): [number, number, number, number] => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!.split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const contrast = (a: number[], b: number[]) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    const behind = (el: Element): number[] => {
      for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c[3] > 0.5) return c;
      }
      return rgb(getComputedStyle(document.documentElement).backgroundColor);
    };
    return [...document.querySelectorAll(sel)].map((el) => {
      const cs = getComputedStyle(el);
      const svg = el instanceof SVGElement && !(el instanceof SVGSVGElement);
      const bg = behind(el);
      const outline = rgb(svg ? cs.stroke : cs.borderTopColor);
      const fill = rgb(svg ? cs.fill : cs.backgroundColor);
      return { what: `${sel} (${el.getAttribute('class')})`, outline: contrast(outline, bg), fill: contrast(fill, bg) };
    });
  }, sel);
}

function check(found: Mark[], sel: string): void {
  expect(found.length, `${sel}: nothing to measure`).toBeGreaterThan(0);
  for (const m of found) {
    expect(m.outline, `${m.what}: outline`).toBeGreaterThanOrEqual(3);
    // Black on a dark page cannot reach much more (#000 on the page is 1.2:1);
    // a fill the page's own colour (the defect) is under 1.1:1.
    expect(m.fill, `${m.what}: fill`).toBeGreaterThanOrEqual(1.15);
  }
}

describe('dark mode (defect 13)', () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    it(`keeps black swatches and Talat's black towers visible at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height }, colorScheme: 'dark', locale: 'en-US' });
      try {
        // Abalone: Black's swatch in the player bar.
        await createMatch(page, server.url, 'abalone', { opponent: 'random', seat: 1 });
        await page.locator('.player [data-swatch="black"]').waitFor();
        check(await marks(page, '.player [data-swatch="black"]'), 'abalone black swatch');
        // Pathagon: Dark's swatch.
        await createMatch(page, server.url, 'pathagon', { opponent: 'random', seat: 0 });
        await page.locator('.player [data-swatch="dark"]').waitFor();
        check(await marks(page, '.player [data-swatch="dark"]'), 'pathagon dark swatch');
        // Talat: the corner marker, the black towers in the reserve tray and the swatch.
        await createMatch(page, server.url, 'talat', { variant: 'talat', seat: 0, options: { firstPlayer: '0' } });
        await page.locator('.talat-tray button[data-kind] .tw-0').first().waitFor();
        check(await marks(page, '.talat .corner[data-corner="0"] circle'), 'talat corner marker');
        check(await marks(page, '.talat-tray .tw-0'), 'talat tray towers');
        check(await marks(page, '.player [data-swatch="black"]'), 'talat black swatch');
        // The corner's name, "Black" while Black is to move: text, so 4.5:1.
        const names = await marks(page, '.talat .corner .corner-name');
        expect(names.length).toBe(3);
        for (const n of names) expect(n.fill, `${n.what}: text`).toBeGreaterThanOrEqual(4.5);
        await page.screenshot({ path: join(resultsDir, `dark-talat-${width}.png`), fullPage: true });
      } finally {
        await page.close();
      }
    });
  }
});

// The server sends a Content-Security-Policy with script-src 'self' and
// style-src 'self' (no 'unsafe-inline'): the pages it serves must carry no
// inline script, inline style or event handler attribute, or the browser
// drops them. The e2e harness also runs every page under that policy.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = resolve(import.meta.dirname, '..');
const pages = ['index.html', 'dist/index.html', 'dist/app/index.html'].filter((p) => existsSync(resolve(web, p)));

/** inlineCode lists what a policy without 'unsafe-inline' would block in html. */
function inlineCode(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc=/i.test(m[1]!) || m[2]!.trim() !== '') found.push(`inline script: ${m[0].slice(0, 60)}`);
  }
  for (const m of html.matchAll(/<style\b[^>]*>/gi)) found.push(`style element: ${m[0]}`);
  for (const m of html.matchAll(/<[a-z][^>]*\s(style|on[a-z]+)\s*=/gi)) found.push(`${m[1]} attribute: ${m[0].slice(0, 60)}`);
  for (const m of html.matchAll(/javascript:/gi)) found.push(`javascript: URL at ${m.index}`);
  return found;
}

describe('pages under the server’s CSP', () => {
  it('finds what the policy blocks', () => {
    expect(inlineCode('<script>alert(1)</script><style>p{}</style><body style="x"><a onclick="f()">')).toHaveLength(4);
    expect(inlineCode('<script type="module" crossorigin src="/assets/a.js"></script><link rel="stylesheet" href="/a.css">')).toEqual([]);
  });
  for (const p of pages) {
    it(`${p} has no inline script or style`, () => {
      expect(inlineCode(readFileSync(resolve(web, p), 'utf8'))).toEqual([]);
    });
  }
});

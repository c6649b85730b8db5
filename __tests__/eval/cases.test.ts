import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCases, readCaseFile } from '../../src/eval/cases.js';

describe('the eval case file', () => {
  it('reads YAML with a cases: list, resolving repos against the file and keeping clean cases', () => {
    const yaml = `cases:
  - id: overflow-1
    repo: ../clones/net
    base: v1.2.0
    head: 9b8e7d6
    title: Accept long packets
    keyBugs:
      - { path: ./src/packet.cpp, startLine: 14, endLine: 18, note: unbounded copy }
  - id: clean
    repo: /abs/repo
    base: a
    head: b
    keyBugs: []
`;
    const cases = parseCases(yaml, '/data/eval/cases.yml');
    expect(cases).toEqual([
      {
        id: 'overflow-1',
        repo: '/data/clones/net',
        base: 'v1.2.0',
        head: '9b8e7d6',
        title: 'Accept long packets',
        body: '',
        keyBugs: [{ path: 'src/packet.cpp', startLine: 14, endLine: 18, note: 'unbounded copy' }],
      },
      { id: 'clean', repo: '/abs/repo', base: 'a', head: 'b', title: '', body: '', keyBugs: [] },
    ]);
    expect(parseCases('- {id: x, repo: r, base: a, head: b, keyBugs: []}\n', '/d/c.yaml')).toHaveLength(1);
  });

  it('reads JSON Lines, one case per line, blank lines allowed', () => {
    const jsonl = `{"id":"a","repo":"r","base":"b1","head":"h1","keyBugs":[{"path":"x.c","startLine":3,"endLine":3}]}\n\n{"id":"b","repo":"r","base":"b2","head":"h2","keyBugs":[]}\n`;
    expect(parseCases(jsonl, '/d/cases.jsonl').map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('says which file, case and field is wrong', () => {
    const bad: [string, string, RegExp][] = [
      ['c.yml', 'cases: 3', /c\.yml: expected a list of cases/],
      ['c.yml', 'cases: [\n', /c\.yml: not valid YAML/],
      ['c.yml', 'cases: []', /c\.yml holds no case/],
      ['c.jsonl', '{"id":"a"}\nnot json', /c\.jsonl:2: not a JSON object/],
      ['c.yml', '- {id: "a b", repo: r, base: a, head: b, keyBugs: []}', /case 1 \('a b'\): id must be a string of letters/],
      [
        'c.yml',
        '- {id: a, repo: r, base: a, head: b}',
        /case 1 \('a'\): keyBugs must be a list \(write keyBugs: \[\] for a change that shipped no bug\)/,
      ],
      ['c.yml', '- {id: a, repo: r, base: "", head: b, keyBugs: []}', /case 1 \('a'\): base must be a non-empty string/],
      ['c.yml', '- {id: a, repo: r, base: a, head: b, keybugs: []}', /case 1 \('a'\): unknown field 'keybugs'/],
      [
        'c.yml',
        '- {id: a, repo: r, base: a, head: b, keyBugs: [{path: x.c, startLine: 0, endLine: 2}]}',
        /case 1 \('a'\): keyBugs\[0\]: startLine must be a line number/,
      ],
      [
        'c.yml',
        '- {id: a, repo: r, base: a, head: b, keyBugs: [{path: x.c, startLine: 5, endLine: 2}]}',
        /keyBugs\[0\]: endLine 2 is before startLine 5/,
      ],
      ['c.yml', '- {id: a, repo: r, base: a, head: b, keyBugs: [{path: x.c, line: 5}]}', /keyBugs\[0\]: unknown field 'line'/],
      [
        'c.yml',
        '- {id: a, repo: r, base: a, head: b, keyBugs: []}\n- {id: a, repo: r, base: c, head: d, keyBugs: []}',
        /cases 1 and 2 have the same id 'a'/,
      ],
    ];
    for (const [file, text, message] of bad) expect(() => parseCases(text, file)).toThrow(message);
  });

  it('names a missing file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keybug-cases-'));
    try {
      expect(() => readCaseFile(path.join(dir, 'nope.yml'))).toThrow(/cannot read the case file .*nope\.yml: no such file/);
      writeFileSync(path.join(dir, 'ok.yml'), '- {id: a, repo: ., base: a, head: b, keyBugs: []}\n');
      expect(readCaseFile(path.join(dir, 'ok.yml'))[0]?.repo).toBe(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { compileQuery } from '../../src/slicing/parser/tree-sitter.js';
import { PACKS, querySource } from '../../src/slicing/packs.js';
import { packData } from '../../src/slicing/pack-data.js';

const LANGUAGES = path.join(process.cwd(), 'src', 'slicing', 'languages');

/** Every query file of the language packs, as `folder/name.scm`. */
function queryFiles(): string[] {
  return readdirSync(LANGUAGES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(LANGUAGES, d.name))
        .filter((f) => f.endsWith('.scm'))
        .map((f) => `${d.name}/${f}`),
    );
}

/** The query files a pack's query reads: itself and what its `; inherits:` line names, recursively. */
function filesOf(name: string): string[] {
  const text = readFileSync(path.join(LANGUAGES, name), 'utf8');
  const inherits = /^;\s*inherits:\s*(\w+(?:\s*,\s*\w+)*)/.exec(text);
  const parents = inherits === null ? [] : (inherits[1] as string).split(',').map((folder) => `${folder.trim()}/${path.basename(name)}`);
  return [name, ...parents.flatMap(filesOf)];
}

describe('query files', () => {
  for (const pack of PACKS) {
    for (const kind of ['structure', 'flow'] as const) {
      it(`${pack.queries[kind]} compiles against ${pack.grammar}`, async () => {
        const query = await compileQuery(pack.grammar, querySource(pack.queries[kind]));
        try {
          expect(query.captureNames.length).toBeGreaterThan(0);
        } finally {
          query.delete();
        }
      });
    }
  }

  it('every query file is read by some pack, so each is compiled above', () => {
    const read = new Set(PACKS.flatMap((p) => [p.queries.structure, p.queries.flow].flatMap(filesOf)));
    expect(queryFiles().filter((f) => !read.has(f))).toEqual([]);
  });

  it('every data file (names.yaml) gives standard names and a hint of every kind that compiles', () => {
    const folders = readdirSync(LANGUAGES).filter(
      (f) => queryFiles().some((q) => q.startsWith(`${f}/`)) && readdirSync(path.join(LANGUAGES, f)).includes('names.yaml'),
    );
    expect(folders.sort()).toEqual(['c', 'cpp', 'ecma', 'go', 'java', 'python', 'rust']);
    for (const folder of folders) {
      const data = packData(folder);
      expect(data.builtins.size).toBeGreaterThan(10);
      for (const kind of ['callable', 'type', 'field', 'variable'] as const)
        expect(data.definitionHint('Name_1', kind).source).toContain('Name_1');
    }
    // Every pack's adapter answers from its data file.
    for (const pack of PACKS) expect(pack.adapter.definitionHint('Name_1', 'type').source).toContain('Name_1');
  });

  it('a query naming a node its grammar lacks does not compile', async () => {
    const pack = PACKS[0];
    if (pack === undefined) throw new Error('no packs');
    await expect(compileQuery(pack.grammar, '(no_such_node_type) @x')).rejects.toThrow();
  });
});

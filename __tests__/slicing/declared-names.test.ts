import { describe, expect, it } from '@jest/globals';
import { buildFixture } from './fixtures.js';

/**
 * A changed declaration names things; it does not read them. Its function's name, its parameters
 * (of a prototype or interface method too, which no function scope holds) and enum members are
 * not looked up in the repository: a same-named global elsewhere (`decoy`) must not be shown, and
 * no other file need be parsed.
 */
interface DeclarationCase {
  language: string;
  file: string;
  base: string;
  head: string;
  decoy: Record<string, string>;
}

const CASES: DeclarationCase[] = [
  {
    language: 'C++',
    file: 'src/store.h',
    base: 'class Store {\n public:\n  int Get(const char* key) const;\n};\nenum class Mode { kFast };\n',
    head: 'class Store {\n public:\n  int Get(const char* key, int limit, const Options& opts, int retries = 3) const;\n};\nenum class Mode { kFast, kSafe };\n',
    decoy: { 'src/decoy.cc': 'int limit = 5;\nint opts = 1;\nint retries = 2;\nint kSafe = 3;\nint key = 4;\n' },
  },
  {
    language: 'C++ (out-of-line definition)',
    file: 'src/store.cc',
    base: '#include "store.h"\n\nint Store::Get(const char* key) const {\n  return 0;\n}\n',
    head: '#include "store.h"\n\nint Store::Get(const char* key, int limit) const {\n  return 0;\n}\n',
    decoy: {
      'src/store.h': 'class Store {\n public:\n  int Get(const char* key, int limit) const;\n};\n',
      'src/decoy.cc': 'int limit = 5;\nint Get = 1;\nint key = 4;\n',
    },
  },
  {
    language: 'Python',
    file: 'app/store.py',
    base: 'def get(key):\n    return 1\n',
    head: 'def get(key, limit=3):\n    return 1\n',
    decoy: { 'app/decoy.py': 'get = 1\nkey = 2\nlimit = 3\n' },
  },
  {
    language: 'TypeScript',
    file: 'src/store.ts',
    base: 'export interface Store {\n  get(key: string): number;\n}\nexport declare function put(key: string): void;\nenum Mode { Fast }\n',
    head: 'export interface Store {\n  get(key: string, limit?: number): number;\n}\nexport declare function put(key: string, value: number): void;\nenum Mode { Fast, Safe }\n',
    decoy: { 'src/decoy.ts': 'export const key = 1;\nexport const limit = 2;\nexport const value = 3;\nexport const put = 4;\n' },
  },
  {
    language: 'JavaScript',
    file: 'src/store.js',
    base: 'export function put(key) {\n  return 1;\n}\n',
    head: 'export function put(key, limit = 3) {\n  return 1;\n}\n',
    decoy: { 'src/decoy.js': 'export const key = 1;\nexport const limit = 2;\nexport const put = 4;\n' },
  },
  {
    language: 'Go',
    file: 'store/store.go',
    base: 'package store\n\ntype Store interface {\n\tGet(key string) int\n}\n',
    head: 'package store\n\ntype Store interface {\n\tGet(key string, limit int) int\n}\n',
    decoy: { 'other/decoy.go': 'package other\n\nvar key = 1\nvar limit = 2\n' },
  },
  {
    language: 'Java',
    file: 'src/main/java/app/Store.java',
    base: 'package app;\n\npublic interface Store {\n  int get(String key);\n}\n',
    head: 'package app;\n\npublic interface Store {\n  int get(String key, int limit);\n}\n',
    decoy: {
      'src/main/java/other/Decoy.java':
        'package other;\n\npublic class Decoy {\n  public static int key = 1;\n  public static int limit = 2;\n}\n',
    },
  },
  {
    language: 'Rust',
    file: 'src/store.rs',
    base: 'pub trait Store {\n    fn get(&self, key: &str) -> usize;\n}\npub enum Mode { Fast }\n',
    head: 'pub trait Store {\n    fn get(&self, key: &str, limit: usize) -> usize;\n}\npub enum Mode { Fast, Safe }\n',
    decoy: {
      'src/decoy.rs': 'pub static key: usize = 1;\npub static limit: usize = 2;\npub static Safe: usize = 3;\npub static get: usize = 4;\n',
    },
  },
];

describe.each(CASES)('a changed $language declaration', (c) => {
  it('is sliced without searching for the names it declares', async () => {
    const fixture = buildFixture({ [c.file]: c.base, ...c.decoy }, { [c.file]: c.head });
    try {
      for (const algorithm of ['left-flow', 'full-flow'] as const) {
        const result = await fixture.slice(algorithm);
        expect(result.slices.length).toBeGreaterThan(0);
        const shown = new Set(result.slices.flatMap((s) => s.sections.map((sec) => sec.file)));
        for (const decoy of Object.keys(c.decoy))
          expect({ algorithm, decoy, shown: shown.has(decoy) }).toEqual({ algorithm, decoy, shown: false });
        // The changed file alone: nothing else was worth a parse.
        expect({ algorithm, parsed: result.stats.filesParsed }).toEqual({ algorithm, parsed: 1 });
      }
    } finally {
      fixture.repo.cleanup();
    }
  });
});

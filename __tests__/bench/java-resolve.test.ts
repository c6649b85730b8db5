import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startJavac } from '../../bench/precision/java-resolve.js';

// bench:precision's Java resolver with dependency sources (--java-sourcepath): their declarations
// resolve, and come out as outside the repository.
const hasJdk = spawnSync('javac', ['-version']).status === 0 && spawnSync('java', ['-version']).status === 0;

(hasJdk ? describe : describe.skip)('javac resolver with dependency sources (bench:precision)', () => {
  let dir: string;
  let repo: string;
  let dependency: string;
  const main = [
    'package app;',
    'import dep.Parser;',
    'public class Main {',
    '  static String read(Parser p, Class<?> c) { return "p"; }',
    '  static String read(String s, Class<?> c) { return "s"; }',
    '  String run() { return read("{}", Main.class); }',
    '}',
    '',
  ].join('\n');

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'keybug-javac-'));
    repo = path.join(dir, 'repo');
    dependency = path.join(dir, 'dependency-sources');
    mkdirSync(path.join(repo, 'src/main/java/app'), { recursive: true });
    mkdirSync(path.join(dependency, 'dep'), { recursive: true });
    writeFileSync(path.join(repo, 'src/main/java/app/Main.java'), main);
    writeFileSync(path.join(dependency, 'dep/Parser.java'), 'package dep;\npublic class Parser {}\n');
    execFileSync('git', ['init', '-q', repo]);
    execFileSync('git', ['-C', repo, 'add', '.']);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const parserUse = { line: 4, column: main.split('\n')[3]!.indexOf('Parser') };
  const readCall = { line: 6, column: main.split('\n')[5]!.indexOf('read(') };

  it('places a dependency class outside, at its source file, and picks the overload Java picks', async () => {
    const resolver = await startJavac(repo, ['src/main/java/app/Main.java'], [dependency]);
    try {
      expect(resolver.label).toContain(dependency);
      expect(await resolver.define('src/main/java/app/Main.java', parserUse.line, parserUse.column)).toEqual([
        { file: path.join(dependency, 'dep/Parser.java'), line: 0, column: 0, inside: false },
      ]);
      const read = await resolver.define('src/main/java/app/Main.java', readCall.line, readCall.column);
      expect(read?.map((d) => [d.file, d.line, d.inside])).toEqual([['src/main/java/app/Main.java', 5, true]]);
    } finally {
      await resolver.close();
    }
  }, 120_000);

  it("places a record's implicit accessor at its component", async () => {
    const record = ['package app;', 'public record Point(int x,', '    int y) {', '  int sum() { return x() + y(); }', '}', ''].join('\n');
    writeFileSync(path.join(repo, 'src/main/java/app/Point.java'), record);
    execFileSync('git', ['-C', repo, 'add', '.']);
    const resolver = await startJavac(repo, ['src/main/java/app/Point.java'], []);
    try {
      const line = record.split('\n')[3]!;
      const y = await resolver.define('src/main/java/app/Point.java', 4, line.indexOf('y()'));
      expect(y?.map((d) => [d.file, d.line, d.column, d.inside])).toEqual([['src/main/java/app/Point.java', 3, 8, true]]);
    } finally {
      await resolver.close();
    }
  }, 120_000);

  it('leaves a dependency class unresolved without its sources', async () => {
    const resolver = await startJavac(repo, ['src/main/java/app/Main.java'], []);
    try {
      expect(await resolver.define('src/main/java/app/Main.java', parserUse.line, parserUse.column)).toEqual([]);
    } finally {
      await resolver.close();
    }
  }, 120_000);
});

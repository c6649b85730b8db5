/**
 * An `#include` names the file a compiler would find: in a repository holding several copies of a
 * tree (vendored trees, monorepos), each copy with its own include folder, the including file's own
 * copy, never a same-named header of another copy.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, type Fixture } from './fixtures.js';

const HEADER = '#pragma once\nstruct store {\n  int size;\n  int cap;\n};\nint store_room(const struct store *s);\n';
const SOURCE = '#include "kv/store.h"\nint store_room(const struct store *s) {\n  return s->cap - s->size;\n}\n';
const user = (changed: boolean): string =>
  `#include "kv/store.h"\nint fits(struct store *s, int n) {\n  int room = store_room(s);\n${changed ? '  if (s->size + n > s->cap) return 0;\n' : ''}  return room >= n;\n}\n`;

const COPIES = 4;
const base: Record<string, string> = {};
for (let i = 0; i < COPIES; i++) {
  base[`copy${i}/include/kv/store.h`] = HEADER;
  base[`copy${i}/kv/store.c`] = SOURCE;
  base[`copy${i}/db/fits.c`] = user(false);
}

describe('includes among copies of a tree', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(base, { 'copy2/db/fits.c': user(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  for (const algorithm of ['left-flow', 'full-flow'] as const) {
    it(`${algorithm}: the slice of copy2's change shows copy2's definitions and none of another copy`, async () => {
      const result = await fixture.slice(algorithm);
      const files = [...new Set(result.slices.flatMap((s) => s.sections.map((sec) => sec.file)))].sort();
      expect(files).toContain('copy2/include/kv/store.h');
      expect(files.filter((f) => !f.startsWith('copy2/'))).toEqual([]);
    });
  }
});

/**
 * The build's include folders decide where the include path gives no answer or a wrong one: a header
 * two folders hold equally far from the includer, and a path that also exists under an ancestor the
 * build never searches.
 */
describe('includes through the build’s include folders', () => {
  const header = (field: string): string => `#pragma once\nstruct store {\n  int ${field};\n};\nint store_room(const struct store *s);\n`;
  const user = (changed: boolean): string =>
    `#include "store.h"\n#include "util/log.h"\nint fits(struct store *s, int n) {\n  int room = store_room(s);\n${changed ? '  log_room(store_room(s));\n' : ''}  return room >= n;\n}\n`;
  const files = (build: Record<string, string>): Record<string, string> => ({
    'include/store.h': header('size'),
    'third_party/kv/include/store.h': header('cap'),
    'include/util/log.h': '#pragma once\nvoid log_room(int room);\n',
    'src/util/log.h': '#pragma once\nvoid log_room(long room);\n',
    'src/app/fits.c': user(false),
    ...build,
  });
  const shownFiles = async (fixture: Fixture): Promise<string[]> => {
    const result = await fixture.slice('full-flow');
    return [...new Set(result.slices.flatMap((s) => s.sections.map((sec) => sec.file)))].sort();
  };

  it('CMake: include_directories and target_include_directories, with the project folder and generator expressions', async () => {
    const cmake = [
      'cmake_minimum_required(VERSION 3.10)',
      'project(kv C)',
      '# include_directories(third_party/kv/include) is a comment',
      'include_directories("${PROJECT_BINARY_DIR}/include" ${CMAKE_SOURCE_DIR}/missing)',
      'add_library(kv src/app/fits.c)',
      'target_include_directories(kv PUBLIC',
      '  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>',
      '  $<INSTALL_INTERFACE:include>)',
      '',
    ].join('\n');
    const fixture = buildFixture(files({ 'CMakeLists.txt': cmake }), { 'src/app/fits.c': user(true) });
    try {
      const shown = await shownFiles(fixture);
      expect(shown).toContain('include/store.h');
      expect(shown).toContain('include/util/log.h');
      expect(shown).not.toContain('third_party/kv/include/store.h');
      expect(shown).not.toContain('src/util/log.h');
    } finally {
      fixture.repo.cleanup();
    }
  });

  it('compile_commands.json: the -I folders of the file’s command, under the folder the database was written in', async () => {
    const database = JSON.stringify([
      {
        directory: '/home/dev/kv/build',
        file: '/home/dev/kv/src/app/fits.c',
        command: 'cc -I/usr/include -I "/home/dev/kv/include" -isystem ../third_party/other -c ../src/app/fits.c',
      },
    ]);
    const fixture = buildFixture(files({ 'build/compile_commands.json': database }), { 'src/app/fits.c': user(true) });
    try {
      const shown = await shownFiles(fixture);
      expect(shown).toContain('include/store.h');
      expect(shown).toContain('include/util/log.h');
      expect(shown).not.toContain('src/util/log.h');
    } finally {
      fixture.repo.cleanup();
    }
  });

  it('a compile_commands.json that is no valid JSON is reported, and the includes are found as without it', async () => {
    const fixture = buildFixture(files({ 'build/compile_commands.json': '[{"directory": "/home/dev/kv/build",' }), {
      'src/app/fits.c': user(true),
    });
    try {
      const result = await fixture.slice('full-flow');
      const shown = [...new Set(result.slices.flatMap((s) => s.sections.map((sec) => sec.file)))].sort();
      expect(shown).toContain('src/util/log.h');
      expect(shown).not.toContain('include/store.h');
      expect(result.stats.manifestProblems).toEqual([expect.stringMatching(/^build\/compile_commands\.json is not valid JSON \(/)]);
    } finally {
      fixture.repo.cleanup();
    }
  });

  it('without a build file, the include path alone: the nearest ancestor holding it, none of two equally near', async () => {
    const fixture = buildFixture(files({}), { 'src/app/fits.c': user(true) });
    try {
      const shown = await shownFiles(fixture);
      expect(shown).toContain('src/util/log.h');
      expect(shown).not.toContain('include/store.h');
      expect(shown).not.toContain('third_party/kv/include/store.h');
    } finally {
      fixture.repo.cleanup();
    }
  });
});

/**
 * A method called on an object of a repository type: every copy has a `Status::ToString`, all tied by
 * the receiver's type name; the one of the type the file's includes reach is the one its build uses.
 */
describe('members of same-named types among copies of a tree', () => {
  const STATUS_H =
    '#pragma once\n#include <string>\nnamespace kv {\nclass Status {\n public:\n  std::string ToString() const;\n  bool ok() const { return code_ == 0; }\n\n private:\n  int code_;\n};\n}  // namespace kv\n';
  const STATUS_CC =
    '#include "kv/status.h"\nnamespace kv {\nstd::string Status::ToString() const {\n  return ok() ? "OK" : "error";\n}\n}  // namespace kv\n';
  const report = (changed: boolean): string =>
    `#include "kv/status.h"\nnamespace kv {\nstd::string Report(const Status& s) {\n  std::string out = "status: ";\n${changed ? '  out += s.ToString();\n' : ''}  return out;\n}\n}  // namespace kv\n`;
  const base: Record<string, string> = {};
  for (let i = 0; i < 4; i++) {
    base[`copy${i}/include/kv/status.h`] = STATUS_H;
    base[`copy${i}/util/status.cc`] = STATUS_CC;
    base[`copy${i}/db/report.cc`] = report(false);
  }
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(base, { 'copy2/db/report.cc': report(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  it('full-flow shows copy2’s Status::ToString and none of another copy', async () => {
    const result = await fixture.slice('full-flow');
    const files = [...new Set(result.slices.flatMap((s) => s.sections.map((sec) => sec.file)))].sort();
    expect(files).toContain('copy2/include/kv/status.h');
    expect(files.filter((f) => !f.startsWith('copy2/'))).toEqual([]);
  });
});

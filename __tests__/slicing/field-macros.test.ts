/**
 * A macro that expands to declarations, alone on its line in a struct (libuv's `UV_HANDLE_FIELDS`, no
 * semicolon), is blanked before parsing: the grammar reads it as the start of a declaration, and in
 * libuv's uv.h the functions declared after such structs were lost (uv_udp_init_ex, uv_udp_bind).
 */
import { describe, expect, it } from '@jest/globals';
import { blankAnnotations } from '../../src/slicing/languages/c/adapter.js';
import type { Slice } from '../../src/types.js';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

describe('declaration macros', () => {
  it('writes a field macro alone on its line in a struct as a member of its name, and blanks it elsewhere', () => {
    const text = 'struct s {\n  UV_REQ_FIELDS\n  UV_MORE_FIELDS\n  int a;\n  /* private */\n  X_PRIVATE_FIELDS\n};\nX_TYPES\n';
    expect(blankAnnotations(text)).toBe(
      'struct s {\n UV_REQ_FIELDS;\n UV_MORE_FIELDS;\n  int a;\n  /* private */\n X_PRIVATE_FIELDS;\n};\n       \n',
    );
  });

  it('blanks the comments on a macro’s continuation lines, where the grammar would end the macro', () => {
    const text =
      '#define HANDLE_FIELDS(h) \\\n  /* public */ \\\n  void* data; \\\n  /* private */ \\\n  close_fn close_cb;\nint x; /* kept */\n';
    expect(blankAnnotations(text)).toBe(
      '#define HANDLE_FIELDS(h) \\\n               \\\n  void* data; \\\n                \\\n  close_fn close_cb;\nint x; /* kept */\n',
    );
  });

  it('keeps an enumerator, an initializer and an argument alone on their lines', () => {
    const text = 'enum e {\n  A_ONE\n};\ntypedef enum {\n  B_ONE\n} b;\nint v[] = {\n  MAX_V\n};\nint w = f(1,\n  FLAG_A);\n';
    expect(blankAnnotations(text)).toBe(text);
  });
});

describe('a capitalised declarator after a type keyword (re2: const bool RE2_DEBUG_MODE = true;)', () => {
  const build = fixturesPerTest();

  it('is the name declared, not an annotation to blank', () => {
    for (const line of ['const bool RE2_DEBUG_MODE = true;', 'static unsigned int MAX_RETRIES;', 'static const size_t BUF_LEN = 64;'])
      expect(blankAnnotations(line)).toBe(line);
    // After a declarator it is still an annotation (curl: gss_OID_desc Curl_krb5_mech_oid CURL_ALIGN8 = {).
    expect(blankAnnotations('gss_OID_desc mech_oid CURL_ALIGN8 = {')).toBe('gss_OID_desc mech_oid             = {');
  });

  it('is shown as the definition of the name a changed line reads', async () => {
    const header =
      '#pragma once\n\n#if !defined(NDEBUG)\nconst bool LIB_DEBUG_MODE = true;\n#else\nconst bool LIB_DEBUG_MODE = false;\n#endif\n';
    const source = (limit: string): string => `#include "mode.h"\n\nint limit() {\n  return LIB_DEBUG_MODE ? ${limit} : 100;\n}\n`;
    const f = build({ 'mode.h': header, 'limit.cc': source('5') }, { 'mode.h': header, 'limit.cc': source('6') });
    const lines = linesIn((await f.slice('left-flow')).slices[0] as Slice, 'mode.h');
    expect(lines).toContain('const bool LIB_DEBUG_MODE = true;');
  });
});

describe('export macros that wrap the type (cJSON: CJSON_PUBLIC(cJSON *) cJSON_Duplicate(const cJSON *item, …))', () => {
  const build = fixturesPerTest();

  it('keep the type and blank only the macro', () => {
    expect(blankAnnotations('CJSON_PUBLIC(cJSON *) cJSON_Parse(const char *value)\n{')).toBe(
      '             cJSON *  cJSON_Parse(const char *value)\n{',
    );
    expect(blankAnnotations('CJSON_PUBLIC(const char*) cJSON_Version(void);')).toBe('             const char*  cJSON_Version(void);');
    expect(blankAnnotations('#define CJSON_PUBLIC(type) type')).toBe('#define CJSON_PUBLIC(type) type');
  });

  it("make the function a function: its parameter is read there, not another function's of the same name", async () => {
    const file = (body: string): string =>
      `#define LIB_PUBLIC(type) type\n\nstatic int helper(int *item)\n{\n    return *item;\n}\n\nLIB_PUBLIC(int) lib_get(int *item)\n{\n    return ${body};\n}\n`;
    const f = build({ 'lib.c': file('helper(item)') }, { 'lib.c': file('helper(item) + 1') });
    const lines = linesIn((await f.slice('left-flow')).slices[0] as Slice, 'lib.c');
    expect(lines).toContain('LIB_PUBLIC(int) lib_get(int *item)');
    expect(lines).not.toContain('static int helper(int *item)');
  });
});

/**
 * A macro whose text is a struct's members (libuv's `#define UV_STREAM_FIELDS \`, named alone in
 * `struct uv_stream_s { UV_HANDLE_FIELDS UV_STREAM_FIELDS };`) declares fields of every struct that
 * names it, at the lines inside the #define (where a compiler places them), through macros it names
 * in turn (UV_HANDLE_PRIVATE_FIELDS of another header); a same-named field of a struct that names
 * no such macro is never shown for them.
 */
describe('fields declared in a macro', () => {
  const buildFixture = fixturesPerTest();
  const HEADER = [
    '#pragma once',
    '#include "private.h"',
    'typedef struct stream_s stream_t;',
    '#define HANDLE_FIELDS          \\',
    '  /* public */                 \\',
    '  void* data;                  \\',
    '  union {                      \\',
    '    int fd;                    \\',
    '  } u;                         \\',
    '  HANDLE_PRIVATE_FIELDS        \\',
    '',
    '#define STREAM_FIELDS \\',
    '  read_fn read_cb; \\',
    '  int queued;',
    'struct stream_s {',
    '  HANDLE_FIELDS',
    '  STREAM_FIELDS',
    '};',
    'struct other_s {',
    '  unsigned int flags;',
    '  int queued;',
    '};',
    '',
  ].join('\n');
  const PRIVATE = '#pragma once\n#define HANDLE_PRIVATE_FIELDS  \\\n  unsigned int flags;   \\\n\n';
  const user = (changed: boolean): string =>
    [
      '#include "stream.h"',
      'int stream_read(stream_t *s) {',
      changed ? '  if ((s->flags & 1) && s->read_cb) return s->queued;' : '  (void)s;',
      '  return 0;',
      '}',
      '',
    ].join('\n');

  it('writes the macro as a struct of its name, in the same lines and lengths', () => {
    const text = '#define F_FIELDS \\\n  int a; \\\n  G_FIELDS \\\n\nstruct s {\n  F_FIELDS\n};\n';
    expect(blankAnnotations(text)).toBe('struct  F_FIELDS {\n  int a;  \nG_FIELDS; };\n\nstruct s {\n F_FIELDS;\n};\n');
  });

  for (const algorithm of ['left-flow', 'full-flow'] as const) {
    it(`${algorithm}: a field of a macro a struct names is shown at its line in the #define`, async () => {
      const fixture = buildFixture(
        { 'src/stream.h': HEADER, 'src/private.h': PRIVATE, 'src/read.c': user(false) },
        { 'src/read.c': user(true) },
      );
      const result = await fixture.slice(algorithm, 100_000, { explain: true });
      const slice = sliceAt(result, 'src/read.c', 3);
      const shown = (name: string): string[] =>
        (slice.resolutions ?? []).filter((r) => r.name === name).flatMap((r) => r.definitions.map((d) => `${d.file}:${d.startLine}`));
      expect(shown('flags')).toEqual(['src/private.h:3']);
      expect(shown('read_cb')).toEqual(['src/stream.h:13']);
      expect(shown('queued')).toEqual(['src/stream.h:14']);
      expect(linesIn(slice, 'src/stream.h')).toEqual(expect.arrayContaining(['#define STREAM_FIELDS \\', 'read_fn read_cb; \\']));
    });
  }
});

/**
 * A macro that expands to declarations, alone on its line in a struct (libuv's `UV_HANDLE_FIELDS`, no
 * semicolon), is blanked before parsing: the grammar reads it as the start of a declaration, and in
 * libuv's uv.h the functions declared after such structs were lost (uv_udp_init_ex, uv_udp_bind).
 */
import { describe, expect, it } from '@jest/globals';
import { blankAnnotations } from '../../src/slicing/languages/c/adapter.js';
import type { Slice } from '../../src/types.js';
import { fixturesPerTest, linesIn } from './fixtures.js';

describe('declaration macros', () => {
  it('blanks a field macro alone on its line after a declaration, a brace or a comment', () => {
    const text = 'struct s {\n  UV_REQ_FIELDS\n  UV_MORE_FIELDS\n  int a;\n  /* private */\n  X_PRIVATE_FIELDS\n};\n';
    expect(blankAnnotations(text)).toBe(
      'struct s {\n               \n                \n  int a;\n  /* private */\n                  \n};\n',
    );
  });

  it('blanks the comments on a macro’s continuation lines, where the grammar would end the macro', () => {
    const text =
      '#define HANDLE_FIELDS \\\n  /* public */ \\\n  void* data; \\\n  /* private */ \\\n  close_fn close_cb;\nint x; /* kept */\n';
    expect(blankAnnotations(text)).toBe(
      '#define HANDLE_FIELDS \\\n               \\\n  void* data; \\\n                \\\n  close_fn close_cb;\nint x; /* kept */\n',
    );
  });

  it('keeps an enumerator, an initializer and an argument alone on their lines', () => {
    const text = 'enum e {\n  A_ONE\n};\ntypedef enum {\n  B_ONE\n} b;\nint v[] = {\n  MAX_V\n};\nint w = f(1,\n  FLAG_A);\n';
    expect(blankAnnotations(text)).toBe(text);
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

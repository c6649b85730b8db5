/**
 * A macro that expands to declarations, alone on its line in a struct (libuv's `UV_HANDLE_FIELDS`, no
 * semicolon), is blanked before parsing: the grammar reads it as the start of a declaration, and in
 * libuv's uv.h the functions declared after such structs were lost (uv_udp_init_ex, uv_udp_bind).
 */
import { describe, expect, it } from '@jest/globals';
import { blankAnnotations } from '../../src/slicing/languages/c/adapter.js';

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

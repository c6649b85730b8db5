import { describe, expect, it } from '@jest/globals';
import { createParser } from '../src/slicing/parser/tree-sitter.js';

describe('tree-sitter WASM runtime', () => {
  it('parses C++ and C with the grammars the npm packages ship', async () => {
    const cpp = await createParser('tree-sitter-cpp.wasm');
    const tree = cpp.parse('namespace n { int f(int a) { return a + 1; } }');
    expect(tree?.rootNode.type).toBe('translation_unit');
    expect(tree?.rootNode.hasError).toBe(false);
    const c = await createParser('tree-sitter-c.wasm');
    expect(c.parse('int g(void) { return 0; }')?.rootNode.child(0)?.type).toBe('function_definition');
  });
});

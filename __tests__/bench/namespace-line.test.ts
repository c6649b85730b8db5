import { describe, expect, it } from '@jest/globals';
import { NAMESPACE_LINE } from '../../bench/precision/resolvers.js';

describe("bench:precision: clangd's answer for a namespace qualifier is no definition", () => {
  it('matches the lines that open a namespace', () => {
    for (const line of [
      'namespace port {',
      'namespace snappy {',
      '  inline namespace v1 {',
      'namespace a::b {',
      'namespace leveldb',
      'namespace {',
    ]) {
      expect({ line, namespace: NAMESPACE_LINE.test(line) }).toEqual({ line, namespace: true });
    }
  });
  it('leaves definitions, aliases and using-directives alone', () => {
    for (const line of ['namespace fs = std::filesystem;', 'using namespace std;', 'int namespace_count = 0;', 'class port {']) {
      expect({ line, namespace: NAMESPACE_LINE.test(line) }).toEqual({ line, namespace: false });
    }
  });
});

import { describe, expect, it } from '@jest/globals';
import { cPack } from '../../src/slicing/languages/c/pack.js';
import { cppPack } from '../../src/slicing/languages/cpp/pack.js';
import { isHeaderPath } from '../../src/slicing/packs.js';

describe('qualified names are the language packs\' business', () => {
  it('C++ drops template arguments (nested too) before splitting on ::', () => {
    const { lastComponent, qualifierOf } = cppPack.adapter;
    expect(lastComponent('kv::Table<int>')).toBe('Table');
    expect(lastComponent('Map<std::pair<int, a::B>>')).toBe('Map');
    expect(qualifierOf('kv::Table<T>::Put')).toBe('Table');
    expect(qualifierOf('Map<std::pair<int, a::B>>::Get')).toBe('Map');
    expect(qualifierOf('::Put')).toBeNull();
    expect(qualifierOf('Put')).toBeNull();
  });

  it('C names are never qualified', () => {
    expect(cPack.adapter.lastComponent('buf')).toBe('buf');
    expect(cPack.adapter.qualifierOf('buf_append')).toBeNull();
  });

  it('headers are what the packs call headers', () => {
    for (const header of ['a/b.h', 'B.HPP', 'x.hh', 'impl.inl', 'y.tcc']) expect(isHeaderPath(header)).toBe(true);
    for (const source of ['a/b.c', 'b.cc', 'notes.txt', 'Makefile']) expect(isHeaderPath(source)).toBe(false);
  });
});

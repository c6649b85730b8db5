import { describe, expect, it } from '@jest/globals';
import { hintedIn } from '../../src/slicing/definition-hints.js';
import type { HintKind, LanguagePack } from '../../src/slicing/language-pack.js';
import { cppPack } from '../../src/slicing/languages/cpp/pack.js';
import { goPack } from '../../src/slicing/languages/go/pack.js';
import { pythonPack } from '../../src/slicing/languages/python/pack.js';

/** Whether a candidate file's text hints at a definition of `name`, as a word search tests it. */
function hinted(pack: LanguagePack, text: string, name: string, kind: HintKind): boolean {
  return hintedIn(Buffer.from(text, 'utf8'), name, [pack.adapter.definitionHint(name, kind)], pack.adapter.hintReach);
}

const filler = (n: number, line: string): string[] => Array.from({ length: n }, (_, i) => line.replace('#', String(i)));

describe('definition hints tested on a candidate file', () => {
  it('find a Go interface method or a grouped constant far below the line that opens its block', () => {
    const iface = [
      'package io',
      '',
      'type Stream interface {',
      ...filler(12, '\tMethod#() error'),
      '\tRead(p []byte) (int, error)',
      '}',
      '',
    ].join('\n');
    expect(hinted(goPack, iface, 'Read', 'callable')).toBe(true);
    const group = ['package limits', '', 'const (', ...filler(12, '\tLimit# = #'), '\tMaxRetries = 5', ')', ''].join('\n');
    expect(hinted(goPack, group, 'MaxRetries', 'variable')).toBe(true);
    // A call statement of the same name is no definition.
    expect(hinted(goPack, ['package main', '', 'func main() {', '\tRead(buf)', '}', ''].join('\n'), 'Read', 'callable')).toBe(false);
  });

  it('test one-line shapes on the lines around each occurrence of the name', () => {
    const source = [
      '// Put() is documented here, far from where it is declared.',
      ...filler(30, 'int v# = 0;'),
      'Status DB::Put(const Slice& key) {',
      '  return Status::OK();',
      '}',
      '',
    ].join('\n');
    expect(cppPack.adapter.hintReach).toBeDefined();
    expect(hinted(cppPack, source, 'Put', 'callable')).toBe(true);
    expect(hinted(cppPack, source.replace('Status DB::Put(', '  db->Put('), 'Put', 'callable')).toBe(false);
    const python = ['import os', ...filler(20, 'x# = #'), 'def handle(request):', '    return request', ''].join('\n');
    expect(hinted(pythonPack, python, 'handle', 'callable')).toBe(true);
    expect(hinted(pythonPack, python.replace('def handle(request):', 'handle(request)'), 'handle', 'callable')).toBe(false);
  });

  it('decode the lines around the name as the whole text would, whatever characters are near', () => {
    const source = [
      '// Größe: ключ → значение',
      'struct Größe;',
      '/* 名前 */ class KeyMap : public Base {',
      '  int size_;',
      '};',
      'KeyMap* Make(); // ☃',
      '',
    ].join('\n');
    expect(hinted(cppPack, source, 'KeyMap', 'type')).toBe(true);
    expect(hinted(cppPack, source, 'Make', 'callable')).toBe(true);
    expect(hinted(cppPack, source.replace('class KeyMap : public Base {', 'KeyMap* map = nullptr;'), 'KeyMap', 'type')).toBe(false);
    // The first and last lines have no line break around them.
    expect(hinted(cppPack, 'class Edge {};', 'Edge', 'type')).toBe(true);
  });
});

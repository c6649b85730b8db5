import { describe, expect, it } from '@jest/globals';
import { DefinitionTable, DefinitionTableBuilder, type DefinitionRow } from '../../src/slicing/definition-table.js';

const row = (name: string, line: number, more: Partial<DefinitionRow> = {}): DefinitionRow => ({
  name,
  kind: 'function',
  show: { start: line, end: line },
  span: { start: line, end: line + 2 },
  typeName: null,
  typeQualifier: null,
  container: null,
  paramModes: [],
  context: null,
  local: false,
  scope: -1,
  containerLine: null,
  boundTo: null,
  params: [],
  returnOf: null,
  returnVia: null,
  paramTypes: [],
  typeArgs: [],
  argumentOf: [],
  bases: [],
  ...more,
});

describe('DefinitionTable', () => {
  it('gives back every field of what it was given, by name, in the order added', () => {
    const table = new DefinitionTableBuilder();
    const bases = ['Base', 'Mixin'];
    const given = [
      row('Put', 10, { kind: 'prototype', container: 'DB', paramModes: ['const-reference', 'pointer'], context: 'DB', containerLine: 4 }),
      row('Options', 2, { kind: 'type', span: { start: 2, end: 60 }, show: { start: 2, end: 2 }, bases }),
      row('n', 31, {
        kind: 'variable',
        typeName: 'size_t',
        typeQualifier: 'std',
        local: true,
        scope: 7,
        context: 'Get',
        boundTo: 'xs',
        show: { start: 31, end: 33 },
      }),
      row('Put', 40, { container: 'DBImpl', context: 'Put' }),
      row('Options', 70, { kind: 'prototype', container: 'Options', containerLine: 2 }),
    ];
    for (const d of given) table.add(d);
    const built = table.build('db/db.h', 'base');
    const expected = (d: DefinitionRow): object => ({ ...d, file: 'db/db.h', side: 'base' });
    expect(built.size).toBe(5);
    expect(built.of('Put')).toEqual([expected(given[0] as DefinitionRow), expected(given[3] as DefinitionRow)]);
    expect(built.of('Options')).toEqual([expected(given[1] as DefinitionRow), expected(given[4] as DefinitionRow)]);
    expect(built.of('n')).toEqual([expected(given[2] as DefinitionRow)]);
    expect(built.of('Get')).toEqual([]);
    expect(built.of('')).toEqual([]);
    expect(built.types()).toEqual([expected(given[1] as DefinitionRow)]);
  });

  it('gives the same objects every time, whichever way they are asked', () => {
    const table = new DefinitionTableBuilder();
    for (let i = 0; i < 40; i++) table.add(row(`f${i % 7}`, i + 1, { kind: i % 3 === 0 ? 'type' : 'function' }));
    const built = table.build('a.cc', 'head');
    const first = built.of('f3');
    expect(built.of('f3')).toBe(first);
    expect(first.map((d) => d.show.start)).toEqual([4, 11, 18, 25, 32, 39]);
    // Types asked after their names were: the same objects.
    const types = built.types();
    expect(types.map((d) => d.show.start)).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40]);
    expect(types[1]).toBe(first[0]);
    expect(built.types()[1]).toBe(first[0]);
  });

  it('shares the empty lists and one range when what is shown is the whole declaration', () => {
    const table = new DefinitionTableBuilder();
    table.add(row('a', 1, { show: { start: 1, end: 3 }, span: { start: 1, end: 3 } }));
    table.add(row('b', 5));
    const built = table.build('x.c', 'head');
    const [a] = built.of('a');
    const [b] = built.of('b');
    expect(a?.show).toBe(a?.span);
    expect(b?.show).not.toBe(b?.span);
    expect(a?.paramModes).toBe(b?.paramModes);
    expect(Object.isFrozen(a?.bases)).toBe(true);
  });

  it('names the definitions starting on the lines asked, locals only when asked', () => {
    const table = new DefinitionTableBuilder();
    table.add(row('x', 3, { kind: 'variable', local: true, span: { start: 3, end: 3 } }));
    table.add(row('y', 4, { kind: 'variable', span: { start: 4, end: 4 } }));
    table.add(row('z', 9, { kind: 'variable', local: true, span: { start: 9, end: 9 } }));
    const built = table.build('x.c', 'head');
    expect([...built.namesStartingOn((line) => line <= 5)]).toEqual(['x', 'y']);
    expect([...built.namesStartingOn((line) => line <= 5, true)]).toEqual(['x']);
    expect([...built.namesStartingOn(() => true, true)]).toEqual(['x', 'z']);
  });

  it('is empty when nothing was added', () => {
    const empty = DefinitionTable.empty('x.c', 'head');
    expect(empty.size).toBe(0);
    expect(empty.of('x')).toEqual([]);
    expect(empty.types()).toEqual([]);
    expect(new DefinitionTableBuilder().build('x.c', 'head').of('x')).toEqual([]);
  });
});

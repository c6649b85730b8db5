import { describe, expect, it } from '@jest/globals';
import { FlowTableBuilder, type CallOccurrence, type Occurrence } from '../../src/slicing/flow-table.js';

const occurrence = (
  name: string,
  line: number,
  column: number,
  unit: { start: number; end: number },
  object: string | null = null,
): Occurrence => ({ name, line, column, field: object !== null, object, unit });

describe('FlowTable', () => {
  it('gives back what it was given, in line and column order, ties in the order met', () => {
    const table = new FlowTableBuilder();
    const stmt = { start: 3, end: 4 };
    table.occurrence('read', occurrence('b', 4, 8, stmt));
    table.occurrence('read', occurrence('a', 3, 2, stmt));
    table.occurrence('read', occurrence('x', 4, 1, stmt, 'self'));
    table.occurrence('read', occurrence('y', 4, 1, stmt));
    table.occurrence('write', occurrence('a', 3, 0, stmt));
    table.occurrence('type', occurrence('T', 9, 0, { start: 9, end: 9 }));
    const facts = table.build().facts({ start: 1, end: 10 });
    expect(facts.reads).toEqual([
      occurrence('a', 3, 2, stmt),
      occurrence('x', 4, 1, stmt, 'self'),
      occurrence('y', 4, 1, stmt),
      occurrence('b', 4, 8, stmt),
    ]);
    expect(facts.writes).toEqual([occurrence('a', 3, 0, stmt)]);
    expect(facts.types).toEqual([occurrence('T', 9, 0, { start: 9, end: 9 })]);
    // One object per statement in an answer, shared by its occurrences.
    expect(facts.reads[0]?.unit).toBe(facts.writes[0]?.unit);
  });

  it('keeps calls with their arguments, receivers and fields', () => {
    const table = new FlowTableBuilder();
    const call = (
      callee: string,
      line: number,
      args: (string | null)[],
      receiver: string | null,
      receiverField: CallOccurrence['receiverField'],
      method = false,
      receiverCall: CallOccurrence['receiverCall'] = null,
    ): CallOccurrence => ({
      callee,
      line,
      column: 4,
      args,
      receiver,
      method,
      reached: method || receiver !== null || receiverField !== null || receiverCall !== null,
      receiverField,
      receiverCall,
      unit: { start: line, end: line },
    });
    const calls = [
      call('Lock', 7, [], null, { object: 'this', field: 'mu_' }),
      call('f', 2, ['a', null, 'a'], 's', null, true),
      call('g', 5, [null], null, null),
      call('Rare', 8, [], null, null, false, { callee: 'Build', via: 'deep' }),
      call('close', 9, [], null, null, true, { callee: 'make', via: null }),
    ];
    for (const c of calls) table.call(c);
    expect(table.build().facts({ start: 1, end: 9 }).calls).toEqual([calls[1], calls[2], calls[0], calls[3], calls[4]]);
  });

  it('answers a range with the rows on its lines only', () => {
    const table = new FlowTableBuilder();
    for (let line = 1; line <= 20; line++)
      table.occurrence(line % 2 === 0 ? 'read' : 'write', occurrence(`v${line}`, line, 0, { start: line, end: line }));
    table.call({
      callee: 'f',
      line: 12,
      column: 0,
      args: [],
      receiver: null,
      method: false,
      reached: false,
      receiverField: null,
      receiverCall: null,
      unit: { start: 12, end: 12 },
    });
    const built = table.build();
    const facts = built.facts({ start: 5, end: 11 });
    expect(facts.reads.map((o) => o.line)).toEqual([6, 8, 10]);
    expect(facts.writes.map((o) => o.line)).toEqual([5, 7, 9, 11]);
    expect(facts.calls).toEqual([]);
    expect(built.facts({ start: 12, end: 12 }).calls.map((c) => c.callee)).toEqual(['f']);
    expect(built.facts({ start: 30, end: 40 })).toEqual({ reads: [], writes: [], calls: [], types: [] });
  });

  it('names what is read or written, not the types used or the functions called', () => {
    const table = new FlowTableBuilder();
    table.occurrence('read', occurrence('r', 1, 0, { start: 1, end: 1 }));
    table.occurrence('write', occurrence('w', 2, 0, { start: 2, end: 2 }, 'obj'));
    table.occurrence('type', occurrence('T', 3, 0, { start: 3, end: 3 }));
    table.call({
      callee: 'f',
      line: 4,
      column: 0,
      args: ['arg'],
      receiver: 'rx',
      method: false,
      reached: true,
      receiverField: null,
      receiverCall: null,
      unit: { start: 4, end: 4 },
    });
    expect([...table.build().namesReadOrWritten()].sort()).toEqual(['r', 'w']);
  });
});

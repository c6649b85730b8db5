import type { SliceAlgorithm } from '../types.js';
import type { SeedUnit } from './seeds.js';
import { SliceContent } from './slice-content.js';
import { UnitTrace, type SliceContext } from './unit-trace.js';

/** Algorithm 5: dispatches to one of the four slicing algorithms. */
export function applyAlgorithm(algorithm: SliceAlgorithm, units: SeedUnit[], ctx: SliceContext): Promise<SliceContent> {
  switch (algorithm) {
    case 'original-diff':
      return Promise.resolve(originalDiff(units));
    case 'parent-function':
      return Promise.resolve(parentFunction(units));
    case 'left-flow':
      return flowSlice(units, ctx, LEFT_FLOW);
    case 'full-flow':
      return flowSlice(units, ctx, FULL_FLOW);
  }
}

/** Algorithm 6: the changed statements plus the headers of everything around them. */
export function originalDiff(units: SeedUnit[]): SliceContent {
  const content = new SliceContent();
  for (const unit of units) {
    content.addRange(unit.path, unit.side, unit.range.start, unit.range.end);
    content.add(unit.path, unit.side, unit.index.enclosingHeaders(unit.range));
    if (unit.riders.length > 0) content.add(unit.path, unit.side, unit.riders);
    // An import or attribute that rides along shows the headers around it (Go's `import (`).
    for (const line of unit.riders)
      if (unit.index.attachedAt(line) !== null) content.add(unit.path, unit.side, unit.index.enclosingHeaders({ start: line, end: line }));
    if (unit.deleted.length > 0) content.addDeleted(unit.path, unit.deleted);
  }
  return content;
}

/** Algorithm 7: the smallest function (or type, or top-level statement) containing each change. */
export function parentFunction(units: SeedUnit[]): SliceContent {
  const content = originalDiff(units);
  for (const unit of units) {
    const parent = unit.index.parentRange(unit.range.start);
    content.addRange(unit.path, unit.side, Math.min(parent.start, unit.range.start), Math.max(parent.end, unit.range.end));
  }
  return content;
}

/** One step of a flow algorithm over one changed statement (see UnitTrace). */
type Step = (trace: UnitTrace) => Promise<void> | void;

/**
 * Algorithm 8, left-flow: original-diff, then backward from each changed statement: the
 * declarations of the variables it reads or writes (local, parameter, member, global — in any
 * file) and every earlier statement of its function that writes them (assignment, `++`/`--`,
 * declaration, `&x` or a non-const reference or pointer argument), the fields it reads through
 * objects, and the short types (aliases, typedefs) it names; with the headers around them. A change
 * of imports alone shows where the file uses what they bind (importUses).
 */
const LEFT_FLOW: readonly Step[] = [(t) => t.backward(), (t) => t.members(), (t) => t.namedTypes(), (t) => t.importUses()];

/**
 * Algorithm 9, full-flow: left-flow's steps with its named types shown whole, plus the definitions
 * of the functions called and of the variables' declared types (typesAndCallees, which shows every
 * type namedTypes shows), then forward: the later statements that use what the change writes or
 * declares. original-diff ⊆ left-flow ⊆ full-flow.
 */
const FULL_FLOW: readonly Step[] = [
  (t) => t.backward(),
  (t) => t.members(),
  (t) => t.typesAndCallees(),
  (t) => t.forward(),
  (t) => t.importUses(),
];

/** A flow algorithm: original-diff's content, and each changed statement traced through the steps in turn. */
async function flowSlice(units: SeedUnit[], ctx: SliceContext, steps: readonly Step[]): Promise<SliceContent> {
  const content = originalDiff(units);
  for (const unit of units) {
    const trace = new UnitTrace(unit, ctx, content);
    for (const step of steps) await step(trace);
  }
  return content;
}

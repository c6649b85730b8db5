import type { Definition } from './definition.js';
import type { Overloads, Signature } from './language-pack.js';

/**
 * How a call's arguments reach one overload: the phase of the language's overload resolution that
 * admits it (1: subtyping and widening, 2: with boxing, 3: variable arity, as Java's JLS 15.12.2
 * orders them) and whether every argument's passing is known (a type the pack cannot see leaves it
 * possible, not certain).
 */
interface Fit {
  phase: number;
  certain: boolean;
}

const POSSIBLE: Fit = { phase: 1, certain: false };

/**
 * Whether a value of type `arg` is a `param`, by what the repository's own types say (their
 * bases), for types the pack's tables do not list: true, false, or null when not known.
 */
export type Relate = (arg: string, param: string) => boolean | null;

/** How a value of type `arg` passes to a parameter of type `param` (null: not known), or null when it cannot. */
function conversion(rules: Overloads, arg: string | null, param: string | null, relate: Relate | null = null): Fit | null {
  if (arg === null || param === null) return POSSIBLE;
  const to = rules.typeVariable.test(param) ? rules.top : param;
  if (arg === to) return { phase: 1, certain: true };
  if (arg === rules.nullType) return rules.primitives.has(to) ? null : { phase: 1, certain: true };
  if (rules.typeVariable.test(arg)) return to === rules.top ? { phase: 1, certain: true } : POSSIBLE;
  if (rules.widening.get(arg)?.has(to) === true) return { phase: 1, certain: true };
  if (rules.boxing.get(arg)?.has(to) === true) return { phase: 2, certain: true };
  if (to === rules.top) return { phase: rules.primitives.has(arg) ? 2 : 1, certain: true };
  // A type whose conversions are all listed converts to nothing else; nothing converts to a final type but itself.
  if (rules.widening.has(arg) || rules.boxing.has(arg) || rules.final.has(to) || rules.primitives.has(to)) return null;
  const related = relate?.(arg, to) ?? null;
  return related === null ? POSSIBLE : related ? { phase: 1, certain: true } : null;
}

/** The passing of every argument to its parameter (in `phase` at least), or null when one cannot pass. */
function passing(
  rules: Overloads,
  args: readonly (string | null)[],
  params: readonly (string | null)[],
  phase: number,
  relate: Relate | null,
): Fit | null {
  const fit = { phase, certain: true };
  for (let i = 0; i < args.length; i++) {
    const one = conversion(rules, args[i] ?? null, params[i] ?? null, relate);
    if (one === null) return null;
    fit.phase = Math.max(fit.phase, one.phase);
    fit.certain &&= one.certain;
  }
  return fit;
}

/** The array type's element (`String` of `String[]`), or null when the type is not known. */
function elementOf(type: string | null): string | null {
  return type !== null && type.endsWith('[]') ? type.slice(0, -2) : null;
}

/** The parameter types a call of `count` arguments meets: the variable-arity parameter repeated, or null when the count does not fit. */
function expanded(signature: Signature, count: number): (string | null)[] | null {
  const { params, variadic } = signature;
  if (!variadic || count < params.length - 1) return null;
  const element = elementOf(params.at(-1) ?? null);
  return [...params.slice(0, -1), ...Array<string | null>(count - params.length + 1).fill(element)];
}

/** How a call's arguments reach a callable of this signature (null signature: not read, so possible), or null when they cannot. */
function fitOf(rules: Overloads, args: readonly (string | null)[], signature: Signature | null, relate: Relate | null): Fit | null {
  if (signature === null) return POSSIBLE;
  const fixed = signature.params.length === args.length ? passing(rules, args, signature.params, 1, relate) : null;
  if (fixed !== null) return fixed;
  const spread = expanded(signature, args.length);
  return spread === null ? null : passing(rules, args, spread, 3, relate);
}

/** True when every parameter of `a` certainly converts by subtyping or widening to `b`'s at the same place (for `count` arguments). */
function moreSpecific(rules: Overloads, a: Signature, b: Signature, count: number): boolean {
  const pa = a.params.length === count ? a.params : expanded(a, count);
  const pb = b.params.length === count ? b.params : expanded(b, count);
  if (pa === null || pb === null) return false;
  return pa.every((type, i) => {
    const fit = type === null ? null : conversion(rules, type, pb[i] ?? null);
    return fit !== null && fit.certain && fit.phase === 1;
  });
}

/**
 * The callables among `defs` that a call with arguments of these types (null: not known) can mean:
 * those its arguments can reach, when one is left; else the one the language would pick (reached
 * for certain in the earliest phase any is, and more specific than every other left); else none of
 * them, as several remain tied and a guess is worse than nothing. What is no callable (a class for
 * its constructor call) stays; the order is kept. `relate` tells, for one callable's parameters, what
 * the repository's types say of types the tables do not list.
 */
export function chooseOverload(
  defs: readonly Definition[],
  args: readonly (string | null)[],
  rules: Overloads,
  signatureOf: (d: Definition) => Signature | null,
  relate: (d: Definition) => Relate | null = () => null,
): Definition[] {
  const callable = (d: Definition): boolean => d.kind === 'function' || d.kind === 'prototype';
  const signatures = new Map<Definition, Signature | null>();
  const fits = new Map<Definition, Fit>();
  for (const d of defs.filter(callable)) {
    const signature = signatureOf(d);
    const fit = fitOf(rules, args, signature, relate(d));
    signatures.set(d, signature);
    if (fit !== null) fits.set(d, fit);
  }
  const keep = (chosen: readonly Definition[]): Definition[] => defs.filter((d) => !callable(d) || chosen.includes(d));
  const reached = [...fits.keys()];
  if (reached.length <= 1) return keep(reached);
  const certainPhases = reached.flatMap((d) => (fits.get(d)?.certain === true ? [fits.get(d)?.phase as number] : []));
  if (certainPhases.length === 0) return keep([]);
  // One reached for certain in a phase leaves out those only a later phase admits.
  const phase = Math.min(...certainPhases);
  const left = reached.filter((d) => (fits.get(d) as Fit).phase <= phase);
  if (left.length === 1) return keep(left);
  const best = left.filter((d) => {
    const mine = signatures.get(d) ?? null;
    return (
      fits.get(d)?.certain === true &&
      mine !== null &&
      left.every((other) => {
        const theirs = signatures.get(other) ?? null;
        return other === d || (theirs !== null && moreSpecific(rules, mine, theirs, args.length));
      })
    );
  });
  return keep(best.length === 1 ? best : []);
}

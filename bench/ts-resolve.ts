// For the recall benchmark: what the TypeScript compiler resolves the calls on changed JavaScript and
// TypeScript lines to. ctags' index knows no types or scopes and matches a call by name to same-named
// functions of the repository (a fixture's `get`, a polyfill's `then`, another module's `reject`);
// where the compiler knows the target, its answer is the one that counts:
//  - `outside`: only declarations of its standard library (`Map.prototype.get`, `Promise.then`,
//    `console.log`) or of an installed package: none of the repository's functions;
//  - `value`: a parameter or a variable that holds no function expression (a callback passed in):
//    no function definition at all;
//  - `defined`: function-like declarations in the repository, by file and first line.
// A call the compiler cannot resolve (an untyped receiver, a global, a package that is not
// installed) is absent: ctags decides.
import path from 'node:path';
import { typescript } from './checkout.js';
import type * as ts from 'typescript';

// The compiler is loaded at run time from the project's own node_modules: its standard library's
// `.d.ts` files lie beside it, which a bundled copy would not find.

export type Resolution = { kind: 'outside' } | { kind: 'value' } | { kind: 'defined'; at: { file: string; line: number }[] };

/**
 * The compiler's resolution of every call on the given lines of the given files (relative to `tree`,
 * a checkout of the commit), keyed `file:line:name`.
 */
export function resolveCalls(tree: string, lines: ReadonlyMap<string, ReadonlySet<number>>): Map<string, Resolution> {
  const compiler = typescript();
  const roots = [...lines.keys()].map((f) => path.join(tree, f));
  const program = compiler.createProgram(roots, {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    jsx: compiler.JsxEmit.Preserve,
    target: compiler.ScriptTarget.ESNext,
    module: compiler.ModuleKind.ESNext,
    moduleResolution: compiler.ModuleResolutionKind.Bundler,
    lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const treeRoot = path.resolve(tree) + path.sep;
  const inside = (file: ts.SourceFile): boolean =>
    !program.isSourceFileDefaultLibrary(file) &&
    !file.fileName.includes('/node_modules/') &&
    path.resolve(file.fileName).startsWith(treeRoot);
  const isFunctionValue = (node: ts.Node | undefined): boolean =>
    node !== undefined &&
    (compiler.isFunctionExpression(node) ||
      compiler.isArrowFunction(node) ||
      compiler.isClassExpression(node) ||
      (compiler.isParenthesizedExpression(node) && isFunctionValue(node.expression)));
  /** A declaration that holds a value, not a function: a parameter, a variable or property without a function expression. */
  const isValue = (d: ts.Declaration): boolean =>
    compiler.isParameter(d) ||
    compiler.isBindingElement(d) ||
    ((compiler.isVariableDeclaration(d) || compiler.isPropertyAssignment(d) || compiler.isPropertyDeclaration(d)) &&
      !isFunctionValue(d.initializer));
  /**
   * The declarations a declaration stands for: an object literal's entry that names a value (`{ asap }`,
   * `{ f: g }`, as in `export default { generateString, … }`) or a variable initialized with a name
   * means that value's declarations.
   */
  const targets = (d: ts.Declaration, depth = 0): ts.Declaration[] => {
    if (depth > 3) return [d];
    let symbol: ts.Symbol | undefined;
    if (compiler.isShorthandPropertyAssignment(d)) symbol = checker.getShorthandAssignmentValueSymbol(d);
    else if (
      (compiler.isPropertyAssignment(d) || compiler.isVariableDeclaration(d)) &&
      d.initializer !== undefined &&
      (compiler.isIdentifier(d.initializer) || compiler.isPropertyAccessExpression(d.initializer))
    )
      symbol = checker.getSymbolAtLocation(d.initializer);
    else return [d];
    if (symbol !== undefined && symbol.flags & compiler.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const next = symbol?.declarations ?? [];
    return next.length === 0 ? [d] : next.flatMap((n) => targets(n, depth + 1));
  };
  const resolutions = new Map<string, Resolution>();
  for (const [file, wanted] of lines) {
    const source = program.getSourceFile(path.join(tree, file));
    if (source === undefined) continue;
    const visit = (node: ts.Node): void => {
      if (compiler.isCallExpression(node) || compiler.isNewExpression(node)) {
        const callee = compiler.isPropertyAccessExpression(node.expression)
          ? node.expression.name
          : compiler.isIdentifier(node.expression)
            ? node.expression
            : null;
        if (callee !== null) {
          const line = source.getLineAndCharacterOfPosition(callee.getStart(source)).line + 1;
          if (wanted.has(line)) {
            let symbol = checker.getSymbolAtLocation(callee);
            if (symbol !== undefined && symbol.flags & compiler.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
            // An entry naming a value the compiler cannot follow says nothing of it.
            const declarations = (symbol?.declarations ?? [])
              .flatMap((d) => targets(d))
              .filter((d) => !compiler.isShorthandPropertyAssignment(d));
            const key = `${file}:${line}:${callee.text}`;
            if (declarations.length === 0) {
              // unresolved: ctags decides
            } else if (declarations.every((d) => !inside(d.getSourceFile()))) resolutions.set(key, { kind: 'outside' });
            else if (declarations.every(isValue)) resolutions.set(key, { kind: 'value' });
            else {
              const at = declarations
                .filter((d) => inside(d.getSourceFile()) && !isValue(d))
                .map((d) => ({
                  file: path.relative(tree, d.getSourceFile().fileName).split(path.sep).join('/'),
                  line: d.getSourceFile().getLineAndCharacterOfPosition(d.getStart()).line + 1,
                }));
              resolutions.set(key, { kind: 'defined', at });
            }
          }
        }
      }
      compiler.forEachChild(node, visit);
    };
    visit(source);
  }
  return resolutions;
}

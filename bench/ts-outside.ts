// For the recall benchmark: calls on changed JavaScript/TypeScript lines that the TypeScript compiler
// resolves outside the repository — to its standard library (`Map.prototype.get`, `Promise.then`,
// `console.log`) or to an installed package. ctags' index knows no types and matches such a call by
// name to a same-named function of the repository (a fixture's `get`, a polyfill's `then`); the
// compiler's own resolution says it is none of the repository's functions. A call the compiler cannot
// resolve (an untyped receiver, a package that is not installed) is not among them: ctags decides.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as ts from 'typescript';

// The compiler is loaded at run time from the project's own node_modules: its standard library's
// `.d.ts` files lie beside it, which a bundled copy would not find.
type TypeScript = typeof ts;

let loaded: TypeScript | null = null;
function typescript(): TypeScript {
  const root = process.env.KEYBUG_SOURCE_ROOT ?? process.cwd();
  loaded ??= createRequire(path.join(root, 'package.json'))('typescript') as TypeScript;
  return loaded;
}

/**
 * `file:line:name` of every call on the given lines of the given files (relative to `tree`, a
 * checkout of the commit) whose callee the compiler resolves only to declarations outside `tree` or
 * in its default library.
 */
export function callsResolvedOutside(tree: string, lines: ReadonlyMap<string, ReadonlySet<number>>): Set<string> {
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
  const inside = (file: ts.SourceFile): boolean =>
    !program.isSourceFileDefaultLibrary(file) && !file.fileName.includes('/node_modules/') && path.resolve(file.fileName).startsWith(path.resolve(tree) + path.sep);
  const outside = new Set<string>();
  for (const [file, wanted] of lines) {
    const source = program.getSourceFile(path.join(tree, file));
    if (source === undefined) continue;
    const visit = (node: ts.Node): void => {
      if (compiler.isCallExpression(node) || compiler.isNewExpression(node)) {
        const callee = compiler.isPropertyAccessExpression(node.expression) ? node.expression.name : compiler.isIdentifier(node.expression) ? node.expression : null;
        if (callee !== null) {
          const line = source.getLineAndCharacterOfPosition(callee.getStart(source)).line + 1;
          if (wanted.has(line)) {
            let symbol = checker.getSymbolAtLocation(callee);
            if (symbol !== undefined && symbol.flags & compiler.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
            const declarations = symbol?.declarations ?? [];
            if (declarations.length > 0 && declarations.every((d) => !inside(d.getSourceFile()))) outside.add(`${file}:${line}:${callee.text}`);
          }
        }
      }
      compiler.forEachChild(node, visit);
    };
    visit(source);
  }
  return outside;
}

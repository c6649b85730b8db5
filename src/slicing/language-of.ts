import path from 'node:path';
import type { PathAttributes } from '../diff/attributes.js';
import type { LanguagePack } from './language-pack.js';
import { PACKS, type PackChooser } from './packs.js';

/** The language a changed file is written in: a pack slices it with context; any other text is reviewed from its diff. */
export interface FileLanguage {
  /** The language's name as reviewers read it ("Python", "Ruby", "Dockerfile"); "text" when unknown. */
  name: string;
  /** The pack that parses it, or null. */
  pack: LanguagePack | null;
}

/** Languages without a pack, by extension (lower case, with the dot). */
const BY_EXTENSION: Record<string, string> = {
  '.rb': 'Ruby',
  '.rake': 'Ruby',
  '.gemspec': 'Ruby',
  '.kt': 'Kotlin',
  '.kts': 'Kotlin',
  '.cs': 'C#',
  '.fs': 'F#',
  '.vb': 'Visual Basic',
  '.php': 'PHP',
  '.swift': 'Swift',
  '.scala': 'Scala',
  '.sc': 'Scala',
  '.m': 'Objective-C',
  '.mm': 'Objective-C++',
  '.lua': 'Lua',
  '.pl': 'Perl',
  '.pm': 'Perl',
  '.r': 'R',
  '.dart': 'Dart',
  '.ex': 'Elixir',
  '.exs': 'Elixir',
  '.erl': 'Erlang',
  '.hrl': 'Erlang',
  '.hs': 'Haskell',
  '.ml': 'OCaml',
  '.mli': 'OCaml',
  '.clj': 'Clojure',
  '.cljs': 'Clojure',
  '.groovy': 'Groovy',
  '.gradle': 'Gradle',
  '.zig': 'Zig',
  '.nim': 'Nim',
  '.jl': 'Julia',
  '.v': 'Verilog',
  '.sv': 'SystemVerilog',
  '.vhd': 'VHDL',
  '.f90': 'Fortran',
  '.f': 'Fortran',
  '.pas': 'Pascal',
  '.asm': 'Assembly',
  '.s': 'Assembly',
  '.cu': 'CUDA',
  '.cuh': 'CUDA',
  '.sh': 'Shell',
  '.bash': 'Shell',
  '.zsh': 'Shell',
  '.fish': 'fish',
  '.ps1': 'PowerShell',
  '.psm1': 'PowerShell',
  '.bat': 'Batchfile',
  '.cmd': 'Batchfile',
  '.sql': 'SQL',
  '.graphql': 'GraphQL',
  '.gql': 'GraphQL',
  '.proto': 'Protocol Buffers',
  '.thrift': 'Thrift',
  '.yml': 'YAML',
  '.yaml': 'YAML',
  '.json': 'JSON',
  '.jsonc': 'JSON',
  '.json5': 'JSON5',
  '.toml': 'TOML',
  '.ini': 'INI',
  '.cfg': 'INI',
  '.xml': 'XML',
  '.html': 'HTML',
  '.htm': 'HTML',
  '.css': 'CSS',
  '.scss': 'SCSS',
  '.sass': 'Sass',
  '.less': 'Less',
  '.vue': 'Vue',
  '.svelte': 'Svelte',
  '.tf': 'HCL',
  '.hcl': 'HCL',
  '.cmake': 'CMake',
  '.mk': 'Makefile',
  '.md': 'Markdown',
  '.mdx': 'MDX',
  '.rst': 'reStructuredText',
  '.tex': 'TeX',
  '.txt': 'text',
  '.svg': 'SVG',
  '.dockerfile': 'Dockerfile',
  '.nix': 'Nix',
  '.bzl': 'Starlark',
  '.star': 'Starlark',
  '.sol': 'Solidity',
  '.elm': 'Elm',
  '.erb': 'HTML+ERB',
  '.j2': 'Jinja',
  '.jinja': 'Jinja',
  '.tpl': 'Smarty',
  '.hbs': 'Handlebars',
  '.mustache': 'Mustache',
  '.ipynb': 'Jupyter Notebook',
};

/** Languages without a pack, by file name. */
const BY_NAME: Record<string, string> = {
  Dockerfile: 'Dockerfile',
  Containerfile: 'Dockerfile',
  Makefile: 'Makefile',
  GNUmakefile: 'Makefile',
  'CMakeLists.txt': 'CMake',
  Rakefile: 'Ruby',
  Gemfile: 'Ruby',
  Jenkinsfile: 'Groovy',
  Vagrantfile: 'Ruby',
  BUILD: 'Starlark',
  'BUILD.bazel': 'Starlark',
  WORKSPACE: 'Starlark',
  '.bashrc': 'Shell',
  '.zshrc': 'Shell',
  '.profile': 'Shell',
};

/** Interpreters of packs and of languages without one, for `#!` lines. */
const BY_INTERPRETER: Record<string, string> = {
  sh: 'Shell',
  bash: 'Shell',
  zsh: 'Shell',
  dash: 'Shell',
  ksh: 'Shell',
  ruby: 'Ruby',
  perl: 'Perl',
  php: 'PHP',
  lua: 'Lua',
  Rscript: 'R',
  fish: 'fish',
  pwsh: 'PowerShell',
  tclsh: 'Tcl',
  awk: 'Awk',
  make: 'Makefile',
};

/** The interpreter a `#!` line names, without its version (`/usr/bin/env -S python3.11 -u` → python), or null. */
export function shebangInterpreter(firstLine: string): string | null {
  const match = /^#!\s*(\S+)(?:\s+(?:-\S+\s+)*(\S+))?/.exec(firstLine);
  if (match === null) return null;
  const program = path.posix.basename(match[1] as string);
  const named = program === 'env' ? match[2] : program;
  return named === undefined ? null : named.replace(/\d+(?:\.\d+)*$/, '') || named;
}

function packNamed(name: string): LanguagePack | null {
  const lower = name.toLowerCase();
  return PACKS.find((p) => p.name.toLowerCase() === lower || p.id === lower) ?? null;
}

/**
 * The language of a changed file: from its extension (a pack's, then the table's), then its `#!`
 * line, then the base revision's `linguist-language` attribute; "text" otherwise.
 */
export function languageOf(file: string, firstLine: string, attributes: PathAttributes, chooser: PackChooser): FileLanguage {
  const byExtension = chooser.packFor(file);
  if (byExtension !== null) return { name: byExtension.name, pack: byExtension };
  const base = path.posix.basename(file);
  const known =
    BY_NAME[base] ?? BY_EXTENSION[path.posix.extname(base).toLowerCase()] ?? (base.startsWith('Dockerfile.') ? 'Dockerfile' : undefined);
  if (known !== undefined) return { name: known, pack: packNamed(known) };
  const interpreter = shebangInterpreter(firstLine);
  if (interpreter !== null) {
    const pack = PACKS.find((p) => p.interpreters?.includes(interpreter)) ?? null;
    if (pack !== null) return { name: pack.name, pack };
    const named = BY_INTERPRETER[interpreter];
    if (named !== undefined) return { name: named, pack: null };
  }
  if (attributes.language !== undefined) return { name: attributes.language, pack: packNamed(attributes.language) };
  return { name: 'text', pack: null };
}

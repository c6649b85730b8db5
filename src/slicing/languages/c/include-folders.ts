import path from 'node:path';
import { parse as parseShell } from 'shell-quote';
import type { PathSet } from '../../language-pack.js';

/** The build files whose include folders are read (declared as the C and C++ packs' manifests). */
export const BUILD_FILES = ['compile_commands.json', 'CMakeLists.txt'];

/**
 * The include folders a repository's build gives a C or C++ file, read from what the repository
 * holds: a JSON compilation database (`compile_commands.json`: the `-I`, `-iquote` and `-isystem`
 * folders of the file's own command, or of the commands of its folder's sources for a header), else
 * the `include_directories` and `target_include_directories` of the CMakeLists.txt files at and
 * above the file's folder (a directory's include folders hold for its subdirectories; a target's are
 * taken for the folder that declares it). What cannot be read without running the build (a variable
 * the build computes, a folder outside the repository, a generated one) names no folder: the include
 * is then found as without a build.
 */
export function includeFolders(from: string, paths: PathSet): readonly string[] {
  const build = buildOf(paths);
  const compiled = build.compiled.get(from) ?? build.compiledByFolder.get(folderOf(from));
  if (compiled !== undefined) return compiled;
  let known = build.byFolder.get(folderOf(from));
  if (known === undefined) {
    known = cmakeFolders(folderOf(from), build.cmake);
    build.byFolder.set(folderOf(from), known);
  }
  return known;
}

/** What a revision's build files say, read once per PathSet. */
interface Build {
  /** compile_commands.json: a source's include folders, repository-relative, in command order. */
  compiled: Map<string, string[]>;
  /** The union of the include folders of a folder's sources (for its headers). */
  compiledByFolder: Map<string, string[]>;
  /** Each folder with a CMakeLists.txt: its include folders, and whether it declares a project. */
  cmake: Map<string, { folders: string[]; project: boolean }>;
  /** Include folders by the including file's folder, as computed. */
  byFolder: Map<string, readonly string[]>;
}

const builds = new WeakMap<PathSet, Build>();

function buildOf(paths: PathSet): Build {
  let build = builds.get(paths);
  if (build !== undefined) return build;
  build = { compiled: new Map(), compiledByFolder: new Map(), cmake: new Map(), byFolder: new Map() };
  for (const file of paths.withSuffix('compile_commands.json')) {
    const problem = readCompilationDatabase(paths.manifest(file), paths, build);
    if (problem !== null) paths.report(`${file} ${problem}`);
  }
  const lists = paths.withSuffix('CMakeLists.txt').filter((f) => path.posix.basename(f) === 'CMakeLists.txt');
  const projects = new Set<string>();
  const commands = new Map<string, CMakeCommand[]>();
  for (const list of lists) {
    const text = paths.manifest(list);
    if (text === null) continue;
    const folder = folderOf(list);
    const read = cmakeCommands(text);
    commands.set(folder, read);
    if (read.some((c) => c.name === 'project')) projects.add(folder);
  }
  for (const [folder, read] of commands) {
    const variables = cmakeVariables(folder, commands, projects);
    build.cmake.set(folder, { folders: includeArguments(read, folder, variables), project: projects.has(folder) });
  }
  builds.set(paths, build);
  return build;
}

function folderOf(file: string): string {
  const dir = path.posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** The include folders of a folder from the CMakeLists.txt files at and above it: the outermost first, as a subdirectory inherits its parent's. */
function cmakeFolders(folder: string, cmake: Build['cmake']): readonly string[] {
  const chain: string[][] = [];
  for (let dir = folder, steps = 0; steps < 64; dir = folderOf(dir), steps++) {
    const found = cmake.get(dir);
    if (found !== undefined) chain.push(found.folders);
    if (dir === '') break;
  }
  return [...new Set(chain.reverse().flat())];
}

// ---- CMake -------------------------------------------------------------------------------------

interface CMakeCommand {
  name: string;
  args: string[];
}

/**
 * The command invocations of a CMake file (cmake-language(7)): `name(arguments)`, with bracket,
 * quoted and unquoted arguments, line and bracket comments. Unquoted arguments are split at `;` as
 * CMake splits lists; nested parentheses stay in the argument list.
 */
export function cmakeCommands(text: string): CMakeCommand[] {
  const commands: CMakeCommand[] = [];
  let i = 0;
  const n = text.length;
  const bracketEnd = (at: number): { level: string; start: number } | null => {
    const m = /^\[(=*)\[/.exec(text.slice(at, at + 64));
    return m === null ? null : { level: m[1] as string, start: at + m[0].length };
  };
  const skipComment = (): void => {
    const bracket = bracketEnd(i + 1);
    if (bracket !== null) {
      const close = text.indexOf(`]${bracket.level}]`, bracket.start);
      i = close < 0 ? n : close + bracket.level.length + 2;
    } else {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol;
    }
  };
  while (i < n) {
    const c = text[i] as string;
    if (c === '#') {
      skipComment();
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 128));
    if (name === null) {
      i++;
      continue;
    }
    let j = i + name[0].length;
    while (j < n && (text[j] === ' ' || text[j] === '\t')) j++;
    if (text[j] !== '(') {
      i = j;
      continue;
    }
    i = j + 1;
    const args: string[] = [];
    let depth = 0;
    while (i < n) {
      const ch = text[i] as string;
      if (ch === ')' && depth === 0) {
        i++;
        break;
      }
      if (/\s/.test(ch)) {
        i++;
      } else if (ch === '#') {
        skipComment();
      } else if (ch === '(' || ch === ')') {
        depth += ch === '(' ? 1 : -1;
        i++;
      } else if (ch === '"') {
        let value = '';
        i++;
        while (i < n && text[i] !== '"') {
          if (text[i] === '\\' && i + 1 < n) {
            const next = text[i + 1] as string;
            value += next === 'n' ? '\n' : next === 't' ? '\t' : next === '\n' ? '' : next;
            i += 2;
          } else value += text[i++];
        }
        i++;
        args.push(value);
      } else if (ch === '[' && bracketEnd(i) !== null) {
        const bracket = bracketEnd(i) as { level: string; start: number };
        const close = text.indexOf(`]${bracket.level}]`, bracket.start);
        args.push(text.slice(bracket.start, close < 0 ? n : close));
        i = close < 0 ? n : close + bracket.level.length + 2;
      } else {
        let value = '';
        while (i < n && !/[\s()#"]/.test(text[i] as string)) {
          if (text[i] === '\\' && i + 1 < n) {
            value += text.slice(i, i + 2);
            i += 2;
          } else value += text[i++];
        }
        // An unquoted argument is a list: `a;b` is two.
        args.push(...value.split(';').filter((v) => v !== ''));
      }
    }
    commands.push({ name: name[0].toLowerCase(), args });
  }
  return commands;
}

/** Marks a repository-rooted path among expanded values (a real argument never holds NUL). */
const ROOT = '\0/';

/** The path variables CMake gives a CMakeLists.txt, as repository paths: its own folder, its project's and the top one's. */
function cmakeVariables(folder: string, commands: ReadonlyMap<string, CMakeCommand[]>, projects: ReadonlySet<string>): Map<string, string> {
  let top = folder;
  let project: string | null = null;
  for (let dir = folder, steps = 0; steps < 64; dir = folderOf(dir), steps++) {
    if (commands.has(dir)) top = dir;
    if (project === null && projects.has(dir)) project = dir;
    if (dir === '') break;
  }
  const here = ROOT + folder;
  const variables = new Map<string, string>([
    ['CMAKE_CURRENT_SOURCE_DIR', here],
    ['CMAKE_CURRENT_LIST_DIR', here],
    ['CMAKE_SOURCE_DIR', ROOT + top],
    ['PROJECT_SOURCE_DIR', ROOT + (project ?? top)],
  ]);
  // `<name>_SOURCE_DIR` of the projects it sees, and plain `set(VAR <path>)` of its own file.
  for (const command of commands.get(project ?? top) ?? []) {
    if (command.name === 'project' && command.args[0] !== undefined)
      variables.set(`${command.args[0]}_SOURCE_DIR`, ROOT + (project ?? top));
  }
  for (const command of commands.get(folder) ?? []) {
    if (command.name === 'set' && command.args.length === 2 && /^[A-Za-z_]\w*$/.test(command.args[0] as string)) {
      const value = expand(command.args[1] as string, variables);
      if (value !== null && value.startsWith(ROOT)) variables.set(command.args[0] as string, value);
    }
  }
  return variables;
}

/** `${VAR}` and the generator expressions a build-tree include names, expanded; null when anything the build computes is left. */
function expand(arg: string, variables: ReadonlyMap<string, string>): string | null {
  let value = arg;
  // `$<BUILD_INTERFACE:x>` is what the build itself uses; `$<INSTALL_INTERFACE:…>` and other expressions are not read.
  const build = /^\$<BUILD_INTERFACE:(.*)>$/.exec(value);
  if (build !== null) value = build[1] as string;
  else if (value.includes('$<')) return null;
  let unknown = false;
  value = value.replace(/\$\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const known = variables.get(name);
    if (known === undefined) unknown = true;
    return known ?? '';
  });
  return unknown || value.includes('$') ? null : value;
}

const INCLUDE_KEYWORDS = new Set(['AFTER', 'BEFORE', 'SYSTEM', 'INTERFACE', 'PUBLIC', 'PRIVATE']);

/** The repository folders a CMakeLists.txt's include commands name, in order. */
function includeArguments(commands: readonly CMakeCommand[], folder: string, variables: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const command of commands) {
    let args: string[];
    if (command.name === 'include_directories') args = command.args;
    else if (command.name === 'target_include_directories') args = command.args.slice(1);
    else continue;
    for (const arg of args) {
      if (INCLUDE_KEYWORDS.has(arg)) continue;
      const value = expand(arg, variables);
      if (value === null || value === '') continue;
      const repoPath = value.startsWith(ROOT)
        ? value.slice(ROOT.length).replace(/^\/+/, '')
        : value.startsWith('/')
          ? null
          : joinFolder(folder, value);
      const clean = repoPath === null ? null : normalizeFolder(repoPath);
      if (clean !== null) found.push(clean);
    }
  }
  return found;
}

function joinFolder(folder: string, rest: string): string {
  return folder === '' ? rest : `${folder}/${rest}`;
}

/** A repository folder without `.`, `..` or a trailing slash ('' for the root); null when it leaves the repository. */
function normalizeFolder(folder: string): string | null {
  const clean = path.posix.normalize(folder === '' ? '.' : folder).replace(/\/+$/, '');
  if (clean === '..' || clean.startsWith('../') || clean.startsWith('/')) return null;
  return clean === '.' ? '' : clean;
}

// ---- compile_commands.json ---------------------------------------------------------------------

interface CompileCommand {
  directory?: unknown;
  file?: unknown;
  arguments?: unknown;
  command?: unknown;
}

/** The options of a compile command that name an include folder, with the folder as the next argument or joined. */
const INCLUDE_OPTIONS = ['-I', '-iquote', '-isystem', '-idirafter', '/I'];

/** Reads a compilation database into `build`; what kept it from being used, or null. */
function readCompilationDatabase(text: string | null, paths: PathSet, build: Build): string | null {
  // A manifest that could not be read at all was reported where it was read.
  if (text === null) return null;
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch (error) {
    return `is not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  if (!Array.isArray(entries)) return 'is not a JSON array of compile commands';
  const commands = entries.filter(
    (e): e is CompileCommand & { directory: string; file: string } =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as CompileCommand).directory === 'string' &&
      typeof (e as CompileCommand).file === 'string',
  );
  // Where the repository was on the machine that wrote the database: the most common prefix its sources' absolute paths have.
  const roots = new Map<string, number>();
  for (const e of commands) {
    const root = checkoutRoot(path.posix.resolve(e.directory, e.file), paths);
    if (root !== null) roots.set(root, (roots.get(root) ?? 0) + 1);
  }
  const root = [...roots].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (root === undefined) return 'names no source file of the repository';
  const inRepository = (absolute: string): string | null =>
    absolute === root ? '' : absolute.startsWith(root + '/') ? absolute.slice(root.length + 1) : null;
  for (const e of commands) {
    const file = inRepository(path.posix.resolve(e.directory, e.file));
    if (file === null || !paths.has(file)) continue;
    const args = Array.isArray(e.arguments)
      ? e.arguments.filter((a): a is string => typeof a === 'string')
      : typeof e.command === 'string'
        ? parseShell(e.command, (name) => `$${name}`).filter((a): a is string => typeof a === 'string')
        : [];
    const folders: string[] = [];
    for (let k = 0; k < args.length; k++) {
      const arg = args[k] as string;
      const option = INCLUDE_OPTIONS.find((o) => arg === o || arg.startsWith(o));
      if (option === undefined) continue;
      const value = arg === option ? args[++k] : arg.slice(option.length);
      if (value === undefined || value === '') continue;
      const folder = inRepository(path.posix.resolve(e.directory, value));
      if (folder !== null) folders.push(folder);
    }
    build.compiled.set(file, folders);
    const union = build.compiledByFolder.get(folderOf(file)) ?? [];
    for (const f of folders) if (!union.includes(f)) union.push(f);
    build.compiledByFolder.set(folderOf(file), union);
  }
  return null;
}

/** The folder an absolute path of a repository file sits under (`/src/proj` of `/src/proj/db/a.cc`), or null when no path matches. */
function checkoutRoot(absolute: string, paths: PathSet): string | null {
  let best: string | null = null;
  for (const candidate of paths.withSuffix(path.posix.basename(absolute))) {
    if ((absolute.endsWith('/' + candidate) || absolute === candidate) && (best === null || candidate.length > best.length))
      best = candidate;
  }
  return best === null ? null : absolute.slice(0, absolute.length - best.length - 1);
}

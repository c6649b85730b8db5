import path from 'node:path';
import picomatch from 'picomatch';
import type { Git } from '../git/git.js';

/** What a repository's `.gitattributes` say of one path (GitHub Linguist's attributes). */
export interface PathAttributes {
  /** `linguist-language=<name>`: the language the file is written in. */
  language?: string;
  /** `linguist-generated` set or unset (`-linguist-generated`, `linguist-generated=false`). */
  generated?: boolean;
  vendored?: boolean;
  documentation?: boolean;
}

interface Rule {
  matches: (file: string) => boolean;
  attributes: PathAttributes;
}

const BOOLEAN_ATTRIBUTES = {
  'linguist-generated': 'generated',
  'linguist-vendored': 'vendored',
  'linguist-documentation': 'documentation',
} as const;

/** `.gitattributes` files this large are not read. */
const ATTRIBUTES_MAX_BYTES = 256 * 1024;

/**
 * The Linguist attributes of one revision's `.gitattributes` files (the root one and any nested
 * one), read from git objects. Patterns follow git's rules: a pattern without a slash matches a
 * name at any depth below its file's folder; later lines and deeper files win.
 */
export class Attributes {
  private constructor(private readonly rules: readonly Rule[]) {}

  static readonly none = new Attributes([]);

  /** Reads every `.gitattributes` of `rev` (listed by `files`). */
  static async read(git: Git, rev: string, files: readonly string[]): Promise<Attributes> {
    const found = files
      .filter((f) => path.posix.basename(f) === '.gitattributes')
      .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
    if (found.length === 0) return Attributes.none;
    const blobs = await git.readBlobs(found.map((f) => `${rev}:${f}`));
    const rules: Rule[] = [];
    for (const file of found) {
      const blob = blobs.get(`${rev}:${file}`);
      if (!blob || blob.length > ATTRIBUTES_MAX_BYTES) continue;
      const folder = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
      rules.push(...parseAttributes(blob.toString('utf8'), folder));
    }
    return new Attributes(rules);
  }

  /** Parses one `.gitattributes` text whose file sits in `folder` ('' for the root). */
  static parse(text: string, folder = ''): Attributes {
    return new Attributes(parseAttributes(text, folder));
  }

  of(file: string): PathAttributes {
    const out: PathAttributes = {};
    for (const rule of this.rules) if (rule.matches(file)) Object.assign(out, rule.attributes);
    return out;
  }
}

function parseAttributes(text: string, folder: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('[attr]')) continue;
    const [pattern, ...settings] = line.split(/\s+/);
    if (pattern === undefined || settings.length === 0) continue;
    const attributes: PathAttributes = {};
    for (const setting of settings) {
      const unset = setting.startsWith('-') || setting.startsWith('!');
      const [name, value] = setting.replace(/^[-!]/, '').split('=', 2) as [string, string | undefined];
      if (name === 'linguist-language' && value !== undefined && !unset) attributes.language = value.replace(/_/g, ' ');
      const key = BOOLEAN_ATTRIBUTES[name as keyof typeof BOOLEAN_ATTRIBUTES];
      if (key !== undefined) attributes[key] = !unset && value !== 'false';
    }
    if (Object.keys(attributes).length > 0) rules.push({ matches: matcher(pattern, folder), attributes });
  }
  return rules;
}

/**
 * git's pattern rules: a pattern without a slash matches a name at any depth; one with a slash is
 * relative to the file's folder. As in git, a pattern that names a folder does not reach inside it
 * (`docs/** linguist-documentation` does).
 */
function matcher(pattern: string, folder: string): (file: string) => boolean {
  const anchored = pattern.includes('/');
  const relative = pattern.replace(/^\//, '');
  const prefix = folder === '' ? '' : `${folder}/`;
  return picomatch(prefix + (anchored ? relative : `**/${relative}`), { dot: true });
}

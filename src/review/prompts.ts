import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assetPath } from '../support/assets.js';
import { maskForPrompt } from '../safety/redact.js';
import type { Role } from '../types.js';
import { RecentlyUsed } from '../support/recently-used.js';

/** A role's prompt template: the system and user messages, with `{{name}}` placeholders. */
export interface Template {
  system: string;
  user: string;
}

/** A template file is broken: the message names the file and what is wrong. */
export class TemplateError extends Error {
  constructor(file: string, problem: string) {
    super(`prompt template ${file}: ${problem}`);
    this.name = 'TemplateError';
  }
}

const cache = new Map<Role, Template>();

/**
 * Loads `prompts/<role>.md`. Everything before the `<!-- system -->` marker is a note for
 * maintainers and is not sent; the system message runs to `<!-- user -->`, the user message to the end.
 */
export function loadTemplate(role: Role): Template {
  const cached = cache.get(role);
  if (cached) return cached;
  const file = `${role}.md`;
  const text = readFileSync(assetPath('prompts', file), 'utf8').replace(/\r\n/g, '\n');
  const system = text.indexOf('<!-- system -->\n');
  const user = text.indexOf('<!-- user -->\n');
  if (system === -1 || user === -1 || user < system)
    throw new TemplateError(file, 'expected a "<!-- system -->" line followed by a "<!-- user -->" line');
  const template = {
    system: text.slice(system + '<!-- system -->\n'.length, user).trim(),
    user: text.slice(user + '<!-- user -->\n'.length).trim(),
  };
  cache.set(role, template);
  return template;
}

/**
 * Keeps or removes conditional sections: a `{{#name}}` line and a `{{/name}}` line enclose text that
 * is sent only when the value `name` is not empty (the repository guidance, say, which most slices
 * of most repositories do not have). The tag lines themselves are never sent.
 */
export function sections(text: string, values: Record<string, string>): string {
  return text.replace(/^\{\{#([a-z_]+)\}\}\n([\s\S]*?)^\{\{\/\1\}\}(?:\n|$)/gm, (_, name: string, body: string) =>
    (values[name] ?? '') === '' ? '' : body,
  );
}

/**
 * Fills `{{name}}` placeholders in one pass, so a placeholder written inside a value (PR text,
 * code) is never expanded. Every placeholder must have a value.
 */
export function fill(role: Role, text: string, values: Record<string, string>): string {
  return text.replace(/\{\{([a-z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new TemplateError(`${role}.md`, `no value for the placeholder {{${name}}}`);
    return value;
  });
}

/**
 * System messages lately filled, each held once: a role's is the same for every slice of one
 * language, and a review queues all its calls at once (the review of a 1,000-file change held 2,084
 * copies of the reviewer's, 21.5 MB, before equal messages shared the first one filled).
 */
const SYSTEM_MESSAGES = new RecentlyUsed<string>(64, () => 1);

/**
 * Fills both messages of a role's template, conditional sections first; throws when a value has
 * neither a placeholder nor a section in either message. Credentials in the values (a key the pull
 * request commits, one a model answer repeats) are masked: the model sees a placeholder naming the
 * kind of secret, never the value.
 */
export function renderPrompt(role: Role, values: Record<string, string>): { system: string; user: string } {
  const template = loadTemplate(role);
  const system = maskForPrompt(fill(role, sections(template.system, values), values).trimEnd());
  const user = maskForPrompt(fill(role, sections(template.user, values), values).trimEnd());
  const all = template.system + template.user;
  for (const name of Object.keys(values)) {
    if (!all.includes(`{{${name}}}`) && !all.includes(`{{#${name}}}`))
      throw new TemplateError(`${role}.md`, `the placeholder {{${name}}} is missing`);
  }
  return { system: SYSTEM_MESSAGES.getOrKeep(system, system), user };
}

/**
 * Wraps untrusted text (PR title and description, code, earlier model output) in a data block.
 * The delimiter carries a hash of the content, so text inside cannot forge the closing line, and
 * the same input always gives the same prompt (dry runs print exactly what is sent).
 */
export function dataBlock(kind: string, text: string): string {
  const tag = `${kind} ${createHash('sha256').update(kind).update('\0').update(text).digest('hex').slice(0, 12)}`;
  return `<<<BEGIN ${tag}\n${text}\nEND ${tag}>>>`;
}

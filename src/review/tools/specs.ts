import { TOOL_CAPS } from './repository-tools.js';

/** One tool as the model is told of it: its name, what it does and its arguments (JSON Schema). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: SentSchema;
}

/** A JSON Schema sent to the endpoint and never validated here (it uses booleans and nullable types, which the answer schemas do not). */
export type SentSchema = Record<string, unknown>;

const side = { type: 'string', enum: ['head', 'base'], description: 'head: the change (default); base: the code before it' };
const file = { type: 'string', description: 'a tracked file, relative to the repository root, as in the slice headers' };
const line = (description: string): SentSchema => ({ type: 'integer', minimum: 1, description });
const params = (properties: Record<string, SentSchema>, required: string[]): SentSchema => ({ type: 'object', properties, required, additionalProperties: false });

/** The six tools, in the order the prompts list them. */
export const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: 'definition',
    description: `Where a name used at a place is defined, as keybug's resolver ties it (scope, import, package, receiver type), with up to ${TOOL_CAPS.definitionLines} lines of each definition. Definitions found only by name are labelled CANDIDATE.`,
    parameters: params({ name: { type: 'string', description: 'the identifier, as written at the use' }, file, line: line('a line where the name is used'), side }, ['name', 'file', 'line']),
  },
  {
    name: 'references',
    description: `Lines that use a name as a whole word (callers, readers, writers), the given file first, then the nearest folders; at most ${TOOL_CAPS.matches} lines.`,
    parameters: params({ name: { type: 'string', description: 'the identifier' }, file: { type: 'string', description: 'the file to list first (optional)' }, side }, ['name']),
  },
  {
    name: 'read',
    description: `Numbered lines of a file, at most ${TOOL_CAPS.readLines} per call.`,
    parameters: params({ file, start: line('first line'), end: line('last line'), side }, ['file', 'start', 'end']),
  },
  {
    name: 'search',
    description: `Lines holding a text, as a fixed string (regex: true for a POSIX extended expression without back-references or nested repetition); at most ${TOOL_CAPS.matches} lines.`,
    parameters: params(
      {
        text: { type: 'string', description: 'what to find, on one line' },
        path_glob: { type: 'string', description: "limit to matching files, e.g. 'src/net/**' or '*.h' (default: every file)" },
        side,
        regex: { type: 'boolean', description: 'true: text is an extended regular expression' },
      },
      ['text'],
    ),
  },
  {
    name: 'history',
    description: `The latest commits that changed one line (dates and subjects only, at most ${TOOL_CAPS.commits}).`,
    parameters: params({ file, line: line('the line'), side }, ['file', 'line']),
  },
  {
    name: 'diff',
    description: `This change's diff of one file, numbered as slices are; at most ${TOOL_CAPS.diffLines} lines.`,
    parameters: params({ file }, ['file']),
  },
];

/** The tools in the chat completions `tools` parameter. */
export function chatTools(): { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } }[] {
  return TOOL_SPECS.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

/**
 * The `tool_requests` field an answer carries on endpoints without tool calling (the JSON round):
 * a list of calls, each a tool name and its arguments, every argument present and null when not
 * used, so that strict structured outputs can describe it.
 */
export function toolRequestsSchema(): SentSchema {
  const nullable = (type: string, description: string): SentSchema => ({ type: [type, 'null'], description });
  return {
    type: 'array',
    description: 'tools to call before the final answer; an empty list in the final answer',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['tool', 'name', 'file', 'line', 'start', 'end', 'text', 'path_glob', 'regex', 'side'],
      properties: {
        tool: { type: 'string', enum: TOOL_SPECS.map((t) => t.name) },
        name: nullable('string', 'definition, references'),
        file: nullable('string', 'every tool but search'),
        line: nullable('integer', 'definition, history'),
        start: nullable('integer', 'read'),
        end: nullable('integer', 'read'),
        text: nullable('string', 'search'),
        path_glob: nullable('string', 'search'),
        regex: nullable('boolean', 'search'),
        side: nullable('string', 'head or base'),
      },
    },
  };
}

/** The tool list as the prompts describe it, one line per tool with its arguments. */
export function describeTools(): string {
  return TOOL_SPECS.map((t) => {
    const props = (t.parameters as { properties?: Record<string, unknown>; required?: string[] }).properties ?? {};
    const required = new Set((t.parameters as { required?: string[] }).required ?? []);
    const args = Object.keys(props).map((k) => (required.has(k) ? k : `${k}?`));
    return `- ${t.name}(${args.join(', ')}): ${t.description}`;
  }).join('\n');
}

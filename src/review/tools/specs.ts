import { TOOL_CAPS } from './repository-tools.js';

/** One tool as the model is told of it: its name, what it does and its arguments (JSON Schema). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: SentSchema;
}

/** A JSON Schema sent to the endpoint and never validated here (it uses booleans and nullable types, which the answer schemas do not). */
export type SentSchema = Record<string, unknown>;

const side = { type: 'string', enum: ['head', 'base'] };
const file = { type: 'string', description: 'path as in the slice headers' };
const line = (): SentSchema => ({ type: 'integer', minimum: 1 });
const params = (properties: Record<string, SentSchema>, required: string[]): SentSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** The six tools, in the order the prompts list them. */
export const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: 'definition',
    description: `Where a name used at a line is defined (scope, import, package, receiver type), with up to ${TOOL_CAPS.definitionLines} lines of each; ones found by name only are labelled CANDIDATE.`,
    parameters: params({ name: { type: 'string' }, file, line: line(), side }, ['name', 'file', 'line']),
  },
  {
    name: 'references',
    description: `Lines using a name as a whole word (callers, readers, writers), nearest first; at most ${TOOL_CAPS.matches}.`,
    parameters: params({ name: { type: 'string' }, file: { type: 'string', description: 'listed first' }, side }, ['name']),
  },
  {
    name: 'read',
    description: `Numbered lines of a file, at most ${TOOL_CAPS.readLines} per call.`,
    parameters: params({ file, start: line(), end: line(), side }, ['file', 'start', 'end']),
  },
  {
    name: 'search',
    description: `Lines holding a fixed string (regex: true for a POSIX extended expression, no back-references or nested repetition); at most ${TOOL_CAPS.matches}.`,
    parameters: params(
      {
        text: { type: 'string' },
        path_glob: { type: 'string', description: "e.g. 'src/net/**' or '*.h'" },
        side,
        regex: { type: 'boolean' },
      },
      ['text'],
    ),
  },
  {
    name: 'history',
    description: `The latest ${TOOL_CAPS.commits} commits that changed a line: dates and subjects.`,
    parameters: params({ file, line: line(), side }, ['file', 'line']),
  },
  {
    name: 'diff',
    description: `This change's diff of a file, numbered as slices are; at most ${TOOL_CAPS.diffLines} lines.`,
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

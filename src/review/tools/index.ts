/**
 * The reviewers' and the validator's repository tools (definition, references, read, search,
 * history, diff): read-only, over the tracked files of a change's two revisions, answered from git
 * objects. Any role or flow holding the change's git and diff can make a RepositoryTools and give
 * each conversation a ToolSession.
 */
export { RepositoryTools, renderFileDiff, TOOL_CAPS, type ToolResult } from './repository-tools.js';
export { TOOL_ANSWER_MS, ToolSession, type ToolLimits } from './session.js';
export { chatTools, describeTools, toolRequestsSchema, TOOL_SPECS, type ToolSpec } from './specs.js';
export { cleanPath, MAX_TOOL_FILE_BYTES, TrackedFiles } from './tracked-files.js';

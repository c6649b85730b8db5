/**
 * The repository's guidance for each slice: the config file's rules, path-instructions and
 * instructions, and the instruction files (AGENTS.md, CLAUDE.md, Copilot's), all from the base
 * revision, packed per slice into `instructions-token-budget`, most specific first.
 */
export { buildGuidance, changedGuidanceFiles, joinGuidanceReports, listInstructionFiles, type Guidance } from './build.js';
export { assemble, cutAtBoundary, NO_GUIDANCE, ruleLine, type GuidancePiece, type PieceUse, type SliceGuidance } from './assemble.js';
export { isGuidancePath } from './files.js';

export { EmptyRangeError, readDiff, resolveRange, RevisionError, type ReadDiffOptions } from './read.js';
export { buildDiffFiles, commentableLines, DiffParseError } from './parse.js';
export {
  isGeneratedPath,
  REVIEWED_ANYWAY,
  selectFiles,
  GENERATED_GLOBS,
  type SelectFacts,
  type SelectOptions,
  type Selection,
} from './select.js';
export { generatedNotice, selectChangedFiles } from './generated.js';
export { Attributes, type PathAttributes } from './attributes.js';
export { formatHunk, formatHunks, formatNumberedLines, type NumberedLine } from './format.js';
export { diffToJson, renderDiffText } from './output.js';

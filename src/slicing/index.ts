/**
 * The slicing stage (paper §3.2, Algorithms 1-9): from the changed statements of a diff to the code
 * slices reviewers read, with the repository parsed lazily through language packs.
 */
export { sliceChange, type SliceOptions, type SliceProgress, type SliceResult } from './driver.js';
// The resolver behind slicing, for the reviewers' tools (src/review/tools/): a file store over the
// two revisions' git objects, the word search and the resolver's definition, references and read.
export type { Side } from './definition.js';
export { FileStore } from './file-store.js';
export { NameSearch } from './name-search.js';
export { Resolver, type DefinitionAnswer, type FoundDefinition, type ReadAnswer, type ReferencesAnswer } from './resolver.js';

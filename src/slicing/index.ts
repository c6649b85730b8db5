/**
 * The slicing stage (paper §3.2, Algorithms 1-9): from the changed statements of a diff to the code
 * slices reviewers read, with the repository parsed lazily through language packs.
 */
export { sliceChange, type SliceOptions, type SliceResult } from './driver.js';

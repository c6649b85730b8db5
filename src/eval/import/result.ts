import type { DroppedLine } from '../build-case.js';
import type { EvalCase } from '../cases.js';
import type { LeftOutCommit } from '../mine/index.js';

/** A dataset entry that made no case, and why. */
export interface RejectedBug {
  id: string;
  reason: string;
}

/** What an import made of a dataset. */
export interface ImportResult {
  cases: EvalCase[];
  /** Bugs (or pull requests) the dataset holds, as read. */
  bugs: number;
  rejectedBugs: RejectedBug[];
  /** Commits the traced lines led to (Defects4J, BugsInPy). */
  introducers: number;
  droppedIntroducers: LeftOutCommit[];
  droppedLines: DroppedLine[];
}

import type { Sifted } from '../filter/index.js';
import type { Checkpoint, DroppedFinding, Finding, Scores, Stage, Unreviewed } from '../types.js';
import type { StageRecord } from './api.js';

/** The run's book of fates: what was dropped and why, each candidate's history, and what was not done. */
export class Ledger {
  readonly dropped: DroppedFinding[] = [];
  readonly history: Record<string, StageRecord[]> = {};
  readonly incompleteReasons: string[] = [];
  readonly unreviewed: Unreviewed[] = [];
  /** The findings alive after each checkpoint, as they stood there. */
  readonly passed: Partial<Record<Checkpoint, Finding[]>> = {};

  note(id: string, stage: Stage, scores: Scores | null, note: string): void {
    (this.history[id] ??= []).push({ stage, scores: scores ? { ...scores } : null, note });
  }

  drop(entry: DroppedFinding): void {
    this.dropped.push(entry);
    this.note(entry.finding.id, entry.stage, entry.finding.scores, `dropped: ${entry.reason}`);
  }

  /** Books a filter's drops and returns what it kept. */
  apply(sifted: Sifted): Finding[] {
    for (const entry of sifted.dropped) this.drop(entry);
    return sifted.kept;
  }

  /** Notes the findings that came through a checkpoint. */
  pass(checkpoint: Checkpoint, findings: readonly Finding[]): void {
    (this.passed[checkpoint] ??= []).push(...findings);
  }

  incomplete(reason: string): void {
    if (!this.incompleteReasons.includes(reason)) this.incompleteReasons.push(reason);
  }
}

import { NEARBY_WINDOW, type Anchor, type AnchorMethod } from './anchor.js';
import type { Diff, Finding } from '../types.js';
import { MAX_LINE_COMMENTS, planReview, type ReviewPlan } from './plan.js';
import { EMPTY_STATE } from './state.js';

/** What became of one finding when the review was planned: the report's `anchoring` entries. */
export interface AnchoringEntry {
  id: string;
  title: string;
  /** line-comment: posted on a line; review-body: listed in the review body; already-posted / resolved-earlier / duplicate: not posted again. */
  fate: 'line-comment' | 'review-body' | 'already-posted' | 'resolved-earlier' | 'duplicate';
  /** Where it sits in the diff, when a line holds it. */
  anchor: { path: string; side: 'RIGHT' | 'LEFT'; line: number; startLine: number | null; method: AnchorMethod; matched: string } | null;
  /** Where the finding said it was, when the anchor differs from it. */
  claimed: { path: string; side: 'RIGHT' | 'LEFT'; line: number } | null;
  why: string;
}

const METHOD_WHY: Record<AnchorMethod, string> = {
  quote: 'the quoted code is on this line',
  'quote-whitespace': 'the quoted code is on this line, ignoring whitespace',
  'quote-partial': 'part of the quoted code is on this line',
  line: 'the quoted code is not in the diff; the finding named this line',
  nearby: `neither the quote nor the line named is commentable; this is the nearest commentable line, within ${NEARBY_WINDOW} lines of it`,
};

function anchorJson(anchor: Anchor | null): AnchoringEntry['anchor'] {
  return anchor === null
    ? null
    : {
        path: anchor.path,
        side: anchor.side,
        line: anchor.line,
        startLine: anchor.startLine,
        method: anchor.method,
        matched: anchor.matched,
      };
}

/**
 * For every finding of a planned review, where it was anchored and why (the method that found the
 * line, and the line the finding claimed when they differ), or why it went into the review body
 * or was not posted again.
 */
export function anchoringReport(plan: ReviewPlan): AnchoringEntry[] {
  const entries: AnchoringEntry[] = [];
  const placed = (
    fate: AnchoringEntry['fate'],
    finding: { id: string; title: string; path: string; side: 'RIGHT' | 'LEFT'; line: number },
    anchor: Anchor | null,
    why: string,
  ): void => {
    const moved = anchor !== null && (anchor.path !== finding.path || anchor.side !== finding.side || anchor.line !== finding.line);
    entries.push({
      id: finding.id,
      title: finding.title,
      fate,
      anchor: anchorJson(anchor),
      claimed: moved ? { path: finding.path, side: finding.side, line: finding.line } : null,
      why,
    });
  };
  for (const c of plan.comments) placed('line-comment', c.finding, c.anchor, METHOD_WHY[c.anchor.method]);
  for (const c of plan.overflow)
    placed(
      'review-body',
      c.finding,
      c.anchor,
      `${METHOD_WHY[c.anchor.method]}, but a review holds at most ${MAX_LINE_COMMENTS} line comments and more severe findings took them`,
    );
  for (const u of plan.unanchored) placed('review-body', u.finding, null, u.reason || 'no line of the diff holds it');
  for (const r of plan.repeated) placed('already-posted', r.finding, r.anchor, 'an earlier review posted it and its thread is still open');
  for (const r of plan.resolved) placed('resolved-earlier', r.finding, r.anchor, 'an earlier review posted it and its thread was resolved');
  for (const d of plan.duplicates)
    placed('duplicate', d.finding, null, `the same code and category as ${d.of.id} "${d.of.title}", which is planned instead`);
  return entries;
}

/**
 * Where each finding would be anchored if the change were a pull request nothing was posted on
 * before: the `anchoring` of `keybug review`'s and `keybug eval`'s reports (the action reports its
 * real plan).
 */
export function wouldBeAnchored(findings: Finding[], diff: Pick<Diff, 'files'>): AnchoringEntry[] {
  return anchoringReport(planReview({ findings, diff, previous: EMPTY_STATE }));
}

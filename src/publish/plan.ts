import type { Diff, Finding } from '../types.js';
import { Anchorer, type Anchor } from './anchor.js';
import { commentBody, suggestionCode } from './comment.js';
import type { ReviewCommentRequest } from './github.js';
import { fingerprint } from './markers.js';
import type { PostedFinding, PreviousState } from './state.js';

/**
 * Decides the fate of every surviving finding before anything is posted: a comment on an anchored
 * line, a line in the review body (could not be anchored, or past the cap on line comments), or
 * nothing because it was posted before (open or resolved). Findings of earlier reviews that this
 * run did not raise again stay open, and keep gating, until their thread is resolved or the code
 * they were about changed (PostedFinding.addressed, see open-findings.ts), wherever this run looked.
 */

export interface PlannedComment {
  finding: Finding;
  fingerprint: string;
  anchor: Anchor;
  request: ReviewCommentRequest;
  /** The code of the suggestion block keybug built into the comment; null when it offers none. */
  suggestion: string | null;
}

/** A new finding placed on a line, before its comment is written (see writeComments). */
export type PlacedComment = Pick<PlannedComment, 'finding' | 'fingerprint' | 'anchor'>;

export interface UnanchoredFinding {
  finding: Finding;
  fingerprint: string;
  reason: string;
}

export interface RepeatedFinding {
  finding: Finding;
  fingerprint: string;
  /** Where it sits in this run's diff; null when no line holds it. */
  anchor: Anchor | null;
  earlier: PostedFinding;
}

export interface DuplicateFinding {
  finding: Finding;
  fingerprint: string;
  /** The finding of this run it repeats, which is planned instead. */
  of: Finding;
}

export interface ReviewPlan {
  /** New findings to post as line comments, at most `MAX_LINE_COMMENTS`. */
  comments: PlannedComment[];
  /** Anchored new findings past the cap (the least severe): listed in the review body instead. */
  overflow: PlacedComment[];
  /** New findings that go into the review body: no line of the diff fits them. */
  unanchored: UnanchoredFinding[];
  /** Found again and posted earlier, thread still open: not posted again, still gating. */
  repeated: RepeatedFinding[];
  /** Found again but its earlier thread was resolved: not raised again, not gating. */
  resolved: RepeatedFinding[];
  /** Found again but someone with write access dismissed it earlier (see state.Dismissal): not raised again, not gating. */
  dismissedAgain: RepeatedFinding[];
  /** Open findings of earlier reviews this run did not raise again, their code unchanged: still gating. */
  carriedOver: PostedFinding[];
  /** Open findings of earlier reviews whose code changed since (addressed): no longer gating. */
  addressed: PostedFinding[];
  /** Findings of earlier reviews this run did not raise again whose threads someone with write access resolved: no longer gating. */
  settled: PostedFinding[];
  /** Findings of earlier reviews this run did not raise again that someone with write access dismissed: no longer gating. */
  dismissed: PostedFinding[];
  /** Findings of this run with the fingerprint of an earlier one of this run (a merge the meta-reviewer missed): not planned. */
  duplicates: DuplicateFinding[];
}

/** A plan whose line comments are placed but not yet written: writeComments writes them. */
export type PlacedPlan = Omit<ReviewPlan, 'comments'> & { comments: PlacedComment[] };

/**
 * The identity of a finding across runs (see markers.fingerprint): the diff line it was matched to
 * and the lines around it, which stay the same from run to run where the model's wording of its
 * quote may not, and tell identical lines in different places apart; the quote (or the title) only
 * when no line of the diff holds the finding.
 */
export function fingerprintOf(finding: Finding, anchor: Anchor | null): string {
  const code = anchor?.matched ?? (finding.quote.trim() || finding.title);
  return fingerprint(anchor?.path ?? finding.path, code, finding.category, anchor?.neighbourhood ?? []);
}

/**
 * Line comments one review holds at most. Top-k per slice times many slices can reach hundreds;
 * a review that large is slow to post and buries the threads that matter, so the most severe are
 * placed on lines and the rest listed in the review body (with their markers, so they count as posted).
 */
export const MAX_LINE_COMMENTS = 50;

export function commentRequest(anchor: Anchor, body: string): ReviewCommentRequest {
  const request: ReviewCommentRequest = { path: anchor.path, body, line: anchor.line, side: anchor.side };
  if (anchor.startLine !== null) {
    request.start_line = anchor.startLine;
    request.start_side = anchor.side;
  }
  return request;
}

/** What comment bodies may link to, and the head revision's files (suggestions are checked against them). */
export interface PlanContext {
  linkPrefixes: readonly string[];
  /** The lines of a file at the head under review; null when not known (no suggestion then). */
  headLines: (path: string) => readonly string[] | null;
}

/** Places every finding (placeFindings), then writes the line comments (writeComments). */
export function planReview(input: {
  findings: Finding[];
  /** The full PR diff (base...head): comments are anchored on it even when only some files were reviewed. */
  diff: Pick<Diff, 'files'>;
  previous: PreviousState;
  context?: PlanContext;
}): ReviewPlan {
  return writeComments(placeFindings(input), input.context);
}

/**
 * Decides every finding's fate: anchored, deduplicated against this run and earlier reviews, the
 * most severe `MAX_LINE_COMMENTS` kept for line comments. Nothing here reads the head's files: only
 * the line comments need them (writeComments), so a caller reads those files alone.
 */
export function placeFindings(input: { findings: Finding[]; diff: Pick<Diff, 'files'>; previous: PreviousState }): PlacedPlan {
  const anchorer = new Anchorer(input.diff);
  const plan: PlacedPlan = {
    comments: [],
    overflow: [],
    unanchored: [],
    repeated: [],
    resolved: [],
    dismissedAgain: [],
    carriedOver: [],
    addressed: [],
    settled: [],
    dismissed: [],
    duplicates: [],
  };
  const seen = new Map<string, Finding>();
  for (const finding of input.findings) {
    const result = anchorer.anchor(finding);
    const anchor = result.anchored ? result.anchor : null;
    const fp = fingerprintOf(finding, anchor);
    const earlier = input.previous.posted.get(fp);
    const first = seen.get(fp);
    if (first !== undefined) {
      plan.duplicates.push({ finding, fingerprint: fp, of: first });
      continue;
    }
    seen.set(fp, finding);
    if (earlier !== undefined) {
      (earlier.dismissed ? plan.dismissedAgain : earlier.resolved ? plan.resolved : plan.repeated).push({
        finding,
        fingerprint: fp,
        anchor,
        earlier,
      });
    } else if (anchor !== null) {
      plan.comments.push({ finding, fingerprint: fp, anchor });
    } else {
      plan.unanchored.push({ finding, fingerprint: fp, reason: result.anchored ? '' : result.reason });
    }
  }
  if (plan.comments.length > MAX_LINE_COMMENTS) {
    // Stable: among equally severe findings the earlier ones (in the engine's order) stay on lines.
    const bySeverity = [...plan.comments].sort((a, b) => b.finding.scores.severity - a.finding.scores.severity);
    const kept = new Set(bySeverity.slice(0, MAX_LINE_COMMENTS));
    plan.overflow = bySeverity.slice(MAX_LINE_COMMENTS);
    plan.comments = plan.comments.filter((c) => kept.has(c));
  }
  for (const earlier of input.previous.posted.values()) {
    if (seen.has(earlier.fp)) continue;
    if (earlier.dismissed) plan.dismissed.push(earlier);
    else if (earlier.resolved) plan.settled.push(earlier);
    else (earlier.addressed === undefined ? plan.carriedOver : plan.addressed).push(earlier);
  }
  return plan;
}

/** The line comments of a placed plan, written: their bodies, and suggestions checked against the head's lines of their files. */
export function writeComments(plan: PlacedPlan, context: PlanContext = { linkPrefixes: [], headLines: () => null }): ReviewPlan {
  return {
    ...plan,
    comments: plan.comments.map(({ finding, fingerprint: fp, anchor }) => {
      const headLines = context.headLines(anchor.path);
      const body = commentBody(finding, anchor, fp, { linkPrefixes: context.linkPrefixes, headLines });
      return {
        finding,
        fingerprint: fp,
        anchor,
        request: commentRequest(anchor, body),
        suggestion: suggestionCode(finding, anchor, headLines),
      };
    }),
  };
}

/**
 * The findings the merge gate weighs: this run's, minus those whose threads were resolved, those
 * dismissed and the duplicates, plus the
 * open ones carried over from earlier reviews (which exist only as markers, so their text fields are
 * left empty: the gate reads severity, path, line and title).
 */
export function gateFindings(findings: Finding[], plan: ReviewPlan): Finding[] {
  const resolved = new Set([...plan.resolved, ...plan.dismissedAgain, ...plan.duplicates].map((r) => r.finding));
  const carried = plan.carriedOver.map((p): Finding => ({
    id: `earlier-${p.fp}`,
    sliceId: '',
    path: p.path,
    side: p.side,
    startLine: p.line,
    line: p.line,
    quote: '',
    title: `${p.title} (open from an earlier review)`,
    issue: '',
    rootCause: '',
    suggestedFix: '',
    exampleCode: '',
    category: 'other',
    scores: { substance: 7, reality: 7, severity: p.severity },
    mergedFrom: [],
    reviewerVotes: 1,
  }));
  return [...findings.filter((f) => !resolved.has(f)), ...carried];
}

import { QUOTE_WINDOW, type Diff, type DiffFile, type Finding, type Hunk } from '../types.js';

/**
 * Anchoring: maps a finding to a place GitHub accepts a review comment on — a (path, side, line) of
 * the PR diff and, for a range, a start line in the same hunk. The diff's hunks are the only truth.
 * Order of trust: the quoted code (exact, then ignoring whitespace, then the closest partial match)
 * within QUOTE_WINDOW lines of the model's range, then the model's line number, then the nearest
 * commentable line of the same hunk.
 */

export type Side = 'RIGHT' | 'LEFT';

/** How an anchor was found, from most to least trustworthy. */
export type AnchorMethod = 'quote' | 'quote-whitespace' | 'quote-partial' | 'line' | 'nearby';

export interface Anchor {
  /** Path as the PR diff names it. */
  path: string;
  side: Side;
  line: number;
  /** First line of a multi-line range (same side, same hunk); null for one line. */
  startLine: number | null;
  method: AnchorMethod;
  /** The text of every commented line, from startLine (or line) to line. */
  code: string[];
  /** The text of the diff line the finding was matched to (the quoted line, or the line named). */
  matched: string;
  /**
   * The code around the matched line on its side: up to NEIGHBOURHOOD lines before and after it, as
   * far as its hunk shows. Part of the fingerprint, so identical lines in different places differ.
   */
  neighbourhood: string[];
}

export type AnchorResult = { anchored: true; anchor: Anchor } | { anchored: false; reason: string };

/** How far (in lines) the last resort may move a comment from the line the model named. */
export const NEARBY_WINDOW = 3;

/** Lines on each side of the matched line that go into its neighbourhood. */
export const NEIGHBOURHOOD = 2;

/** A commentable line of one hunk. */
interface Spot {
  side: Side;
  line: number;
  text: string;
  hunk: number;
  /** The hunk's lines on this spot's side (RIGHT: context and added, LEFT: context and deleted), and this spot's index among them. */
  sideLines: string[];
  at: number;
}

/** Commentable lines of one file, indexed for the questions anchoring asks. */
class FileIndex {
  readonly spots: Spot[] = [];
  private readonly bySideLine = new Map<string, Spot>();

  constructor(readonly file: DiffFile) {
    const right = new Set(file.commentable.right);
    const left = new Set(file.commentable.left);
    (file.commentHunks ?? file.hunks).forEach((hunk: Hunk, h) => {
      const rightLines = hunk.lines.filter((l) => l.op !== '-').map((l) => l.text);
      const leftLines = hunk.lines.filter((l) => l.op !== '+').map((l) => l.text);
      let r = 0;
      let lft = 0;
      for (const l of hunk.lines) {
        const rightAt = l.op !== '-' ? r++ : -1;
        const leftAt = l.op !== '+' ? lft++ : -1;
        const spot: Spot | null =
          l.op !== '-' && l.new !== null && right.has(l.new)
            ? { side: 'RIGHT', line: l.new, text: l.text, hunk: h, sideLines: rightLines, at: rightAt }
            : l.op === '-' && l.old !== null && left.has(l.old)
              ? { side: 'LEFT', line: l.old, text: l.text, hunk: h, sideLines: leftLines, at: leftAt }
              : null;
        if (spot === null) continue;
        this.spots.push(spot);
        this.bySideLine.set(`${spot.side}:${spot.line}`, spot);
      }
    });
  }

  at(side: Side, line: number): Spot | undefined {
    return this.bySideLine.get(`${side}:${line}`);
  }
}

const squeeze = (s: string): string => s.replace(/\s+/g, '');

/** Indexes a diff once for many findings. */
export class Anchorer {
  private readonly files = new Map<string, FileIndex>();
  private readonly byOldPath = new Map<string, FileIndex>();

  constructor(diff: Pick<Diff, 'files'>) {
    for (const file of diff.files) {
      const index = new FileIndex(file);
      this.files.set(file.path, index);
      if (file.oldPath !== null && file.oldPath !== file.path) this.byOldPath.set(file.oldPath, index);
    }
  }

  anchor(finding: Pick<Finding, 'path' | 'side' | 'startLine' | 'line' | 'quote'>): AnchorResult {
    const index = this.files.get(finding.path) ?? this.byOldPath.get(finding.path);
    if (index === undefined) return { anchored: false, reason: 'the file is not part of the pull request diff' };
    if (index.spots.length === 0)
      return { anchored: false, reason: 'the file has no lines a comment can be placed on (binary, renamed without edits or mode-only)' };

    const quoted = this.byQuote(index, finding);
    if (quoted !== null) return { anchored: true, anchor: this.withRange(index, finding, quoted.spot, quoted.method) };

    const exact = index.at(finding.side, finding.line);
    if (exact !== undefined) return { anchored: true, anchor: this.withRange(index, finding, exact, 'line') };

    const near = this.nearby(index, finding);
    if (near !== null) return { anchored: true, anchor: this.withRange(index, finding, near, 'nearby') };

    return {
      anchored: false,
      reason:
        finding.quote.trim() === ''
          ? `line ${finding.line} (${finding.side}) is not within ${NEARBY_WINDOW} lines of a changed hunk`
          : `the quoted code is not in the diff within ${QUOTE_WINDOW} lines of line ${finding.line}, and line ${finding.line} (${finding.side}) is not within ${NEARBY_WINDOW} lines of a changed hunk`,
    };
  }

  /**
   * The spot holding the quoted code within QUOTE_WINDOW lines of the model's range: exact, then
   * whitespace-insensitive, then partial; ties go to the line closest to the model's.
   */
  private byQuote(
    index: FileIndex,
    finding: Pick<Finding, 'side' | 'startLine' | 'line' | 'quote'>,
  ): { spot: Spot; method: AnchorMethod } | null {
    const quote = finding.quote.trim();
    if (quote === '') return null;
    const from = Math.min(finding.startLine, finding.line) - QUOTE_WINDOW;
    const to = Math.max(finding.startLine, finding.line) + QUOTE_WINDOW;
    const near = index.spots.filter((s) => s.line >= from && s.line <= to);
    const squeezed = squeeze(quote);
    const tests: [AnchorMethod, (s: Spot) => boolean][] = [
      ['quote', (s) => s.text.trim() === quote],
      ['quote-whitespace', (s) => squeeze(s.text) === squeezed],
      // Partial: the model quoted part of a line, or a line plus a bit; short fragments match too much.
      [
        'quote-partial',
        (s) => {
          const text = squeeze(s.text);
          return (squeezed.length >= 8 && text.includes(squeezed)) || (text.length >= 8 && squeezed.includes(text));
        },
      ],
    ];
    for (const [method, test] of tests) {
      const hits = near.filter(test);
      if (hits.length > 0) return { spot: closest(hits, finding.side, finding.line), method };
    }
    return null;
  }

  /** The commentable line of the hunk nearest to the model's line, within the window. */
  private nearby(index: FileIndex, finding: Pick<Finding, 'side' | 'line'>): Spot | null {
    const candidates = index.spots.filter((s) => s.side === finding.side && Math.abs(s.line - finding.line) <= NEARBY_WINDOW);
    return candidates.length === 0 ? null : closest(candidates, finding.side, finding.line);
  }

  /**
   * The commented range around the matched line (which the prompt asks to lie anywhere in the range):
   * the model's range when it holds that line and stays commentable in its hunk on its side; for a
   * quote outside it, the model's range moved by the fewest lines that bring the quote in (its line
   * numbers were off); otherwise the matched line alone. A partial range is never kept.
   */
  private withRange(index: FileIndex, finding: Pick<Finding, 'side' | 'startLine' | 'line'>, spot: Spot, method: AnchorMethod): Anchor {
    const start = Math.min(finding.startLine, finding.line);
    const end = Math.max(finding.startLine, finding.line);
    const span = (from: number): Spot[] | null => {
      const lines: Spot[] = [];
      for (let n = from; n <= from + end - start; n++) {
        const s = index.at(spot.side, n);
        if (s === undefined || s.hunk !== spot.hunk) return null;
        lines.push(s);
      }
      return lines;
    };
    let range: Spot[] | null = null;
    if (end > start && finding.side === spot.side) {
      if (spot.line >= start && spot.line <= end) range = span(start);
      else if (method.startsWith('quote')) range = span(spot.line < start ? spot.line : spot.line - (end - start));
    }
    const lines = range ?? [spot];
    return {
      path: index.file.path,
      side: spot.side,
      line: lines.at(-1)!.line,
      startLine: lines.length > 1 ? lines[0]!.line : null,
      method,
      code: lines.map((s) => s.text),
      matched: spot.text,
      neighbourhood: [
        ...spot.sideLines.slice(Math.max(0, spot.at - NEIGHBOURHOOD), spot.at),
        ...spot.sideLines.slice(spot.at + 1, spot.at + 1 + NEIGHBOURHOOD),
      ],
    };
  }
}

/** The spot closest to `line`, preferring the finding's side; the earliest on a tie. */
function closest(spots: Spot[], side: Side, line: number): Spot {
  let best = spots[0]!;
  const cost = (s: Spot): number => Math.abs(s.line - line) + (s.side === side ? 0 : 1_000_000);
  for (const s of spots) if (cost(s) < cost(best)) best = s;
  return best;
}

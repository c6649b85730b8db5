import { describe, expect, it } from '@jest/globals';
import { reviewMarker, withMarker } from '../../src/publish/markers.js';
import { parsePublishPayload } from '../../src/publish/payload.js';

const HEAD = 'a'.repeat(40);
const marker = reviewMarker({ head: HEAD, status: 'complete', incompleteReasons: [], findings: [] });

/** A payload as the action writes it, with `change` applied. */
function payload(
  change: (p: Record<string, unknown> & { review: Record<string, unknown> & { comments: Record<string, unknown>[] } }) => void = () =>
    undefined,
): unknown {
  const p = {
    version: 1,
    repository: 'acme/widgets',
    pullNumber: 7,
    headSha: HEAD,
    review: {
      commit_id: HEAD,
      event: 'COMMENT',
      body: withMarker('Found one.', marker),
      comments: [{ path: 'src/a.c', line: 4, side: 'RIGHT', body: 'Off by one.' }],
    },
  };
  change(p);
  return p;
}

describe('the publish section of a report', () => {
  it('is taken when it has the shape keybug writes, its texts sanitized again', () => {
    const parsed = parsePublishPayload(payload((p) => (p.review.comments[0]!.body = 'Ping @octocat <img src=x>')));
    expect(parsed).toMatchObject({
      version: 1,
      repository: 'acme/widgets',
      pullNumber: 7,
      headSha: HEAD,
      review: { commit_id: HEAD, event: 'COMMENT' },
    });
    expect(parsed.review.comments[0]).toMatchObject({ path: 'src/a.c', line: 4, side: 'RIGHT' });
    expect(parsed.review.comments[0]!.body).not.toMatch(/@octocat|<img/);
  });

  it.each([
    ['no section at all', undefined, 'the section must be object'],
    ['another version', payload((p) => (p.version = 2)), '/version must be equal to constant'],
    ['a head that is no SHA', payload((p) => (p.headSha = 'main')), '/headSha must match pattern'],
    [
      'an event keybug does not send',
      payload((p) => (p.review.event = 'APPROVE')),
      '/review/event must be equal to one of the allowed values',
    ],
    ['a comment line that is no number', payload((p) => (p.review.comments[0]!.line = '4')), '/review/comments/0/line must be integer'],
    [
      'a comment on no side',
      payload((p) => (p.review.comments[0]!.side = 'MIDDLE')),
      '/review/comments/0/side must be equal to one of the allowed values',
    ],
    ['a review for another commit', payload((p) => (p.review.commit_id = 'b'.repeat(40))), '/review/commit_id is not the headSha'],
  ])('is refused with %s, naming where the problem is', (_what, value, problem) => {
    expect(() => parsePublishPayload(value)).toThrow(`the report has no valid 'publish' section (${problem}`);
  });

  it("is refused when its review does not end in keybug's marker for its head", () => {
    expect(() => parsePublishPayload(payload((p) => (p.review.body = 'No marker.')))).toThrow(
      `does not end in keybug's marker for ${HEAD}`,
    );
  });
});

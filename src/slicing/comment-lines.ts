import type { LanguagePack } from './language-pack.js';
import { commentOnlyLines } from './file-index.js';
import { loadPack, querySource } from './packs.js';
import { compileQuery, type Query } from './parser/tree-sitter.js';
import { SourceLines } from './source-text.js';

/**
 * Which lines of a file hold nothing to review: blank, only brackets and separators, or only a
 * comment, as its language pack's structure query captures comments (`@comment`) — the same
 * knowledge the slicer uses to skip a change of comments alone, for callers outside slicing (the
 * mining of bug-introducing changes).
 */

/** Per pack, its structure query with every pattern but the comment patterns disabled. */
const commentQueries = new Map<string, Promise<Query>>();

function commentQuery(pack: LanguagePack): Promise<Query> {
  let query = commentQueries.get(pack.id);
  if (query === undefined) {
    query = compileQuery(pack.grammar, querySource(pack.queries.structure)).then((q) => {
      const comment = q.captureNames.indexOf('comment');
      for (let i = 0; i < q.patternCount(); i++) {
        // A quantifier of 0 means the pattern does not use the capture.
        if (comment < 0 || !q.captureQuantifiers[i]?.[comment]) q.disablePattern(i);
      }
      return q;
    });
    commentQueries.set(pack.id, query);
  }
  return query;
}

/** The 1-based lines of `text` that hold only a comment (null pack: none known). */
export async function commentLines(pack: LanguagePack | null, text: string): Promise<ReadonlySet<number>> {
  if (pack === null) return new Set();
  const [loaded, query] = await Promise.all([loadPack(pack), commentQuery(pack)]);
  const source = pack.adapter.prepareSource?.(text) ?? text;
  const tree = loaded.parser.parse(source);
  if (tree === null) return new Set();
  try {
    const lines = new SourceLines(source);
    const indents = Array.from({ length: lines.length }, (_, i) => lines.indent(i + 1));
    const nodes = query
      .captures(tree.rootNode)
      .filter((c) => c.name === 'comment')
      .map((c) => c.node);
    return commentOnlyLines(nodes, lines, indents);
  } finally {
    tree.delete();
  }
}

export { isTrivialLine } from './source-text.js';

/**
 * A mined or imported case as `keybug eval` will review it: the change is configured and prepared
 * by the engine exactly as `keybug review` would (the flags, then the base revision's config file;
 * the diff, the file selection and every file's coverage), with the cheapest slicing, which gives
 * the same coverage; eval/build-case.ts keeps the expected lines that diff adds in reviewed files.
 */
import type { ExplicitInputs } from '../config/resolve.js';
import { configure } from '../engine/configure.js';
import { prepare } from '../engine/run.js';
import { caseFromChange, overLimit, type Built, type CaseBuilder, type CaseDraft } from '../eval/build-case.js';

/** Reads each draft's change through the engine, with these flags (max-files above all) over its config file. */
export function caseBuilder(explicit: ExplicitInputs, log?: (message: string) => void): CaseBuilder {
  return (draft) => buildCase(draft, explicit, log);
}

async function buildCase(draft: CaseDraft, explicit: ExplicitInputs, log?: (message: string) => void): Promise<Built> {
  const rejected = (error: unknown): Built => ({ rejected: error instanceof Error ? error.message : String(error), dropped: [] });
  let configured: Awaited<ReturnType<typeof configure>>;
  try {
    configured = await configure({ repoDir: draft.repo, base: draft.base, head: draft.head, explicit, onInvalidConfig: 'defaults', log });
  } catch (error) {
    return rejected(error);
  }
  const { settings, repository } = configured;
  // Over max-files, the review would be incomplete: told from the selection alone, before anything is parsed.
  const over = await overLimit(draft, settings);
  if (over !== null) return { rejected: over, dropped: [] };
  try {
    // No log: the slicing progress of every case would bury the command's own (configure's warnings above still go there).
    const prepared = await prepare({
      repoDir: draft.repo,
      base: draft.base,
      head: draft.head,
      settings,
      repository,
      pr: { title: draft.title, body: draft.body },
    });
    prepared.git.close();
    return caseFromChange(draft, prepared.diff, prepared.files);
  } catch (error) {
    return rejected(error);
  }
}

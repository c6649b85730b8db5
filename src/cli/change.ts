import path from 'node:path';
import { createExampleRepo, EXAMPLE_PR } from './example.js';
import { requireBase } from './args.js';
import type { PullRequestText } from '../review/index.js';

/** The change a command works on: a repository and two revisions, plus the PR text when known. */
export interface ChangeRef {
  repo: string;
  base: string;
  head: string;
  pr: PullRequestText;
  /** Named on purpose on the command line: a range that holds no change is a mistake (exit 2), not a change with nothing to review. */
  requireChange: true;
}

/** Runs `work` on the change the flags name, or on the built-in example (removed afterwards). */
export async function withChange<T>(
  values: { repo?: string; base?: string; head?: string; example?: boolean; title?: string; body?: string },
  work: (change: ChangeRef) => Promise<T>,
): Promise<T> {
  if (values.example) {
    const example = createExampleRepo();
    try {
      return await work({ repo: example.dir, base: example.base, head: example.head, pr: EXAMPLE_PR, requireChange: true });
    } finally {
      example.cleanup();
    }
  }
  return work({
    repo: path.resolve(values.repo ?? '.'),
    base: requireBase(values),
    head: values.head ?? 'HEAD',
    pr: { title: values.title ?? '', body: values.body ?? '' },
    requireChange: true,
  });
}

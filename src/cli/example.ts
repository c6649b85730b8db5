import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PACKET } from '../eval/example/fixtures.js';
import { writeFixtureRepo } from '../eval/example/repos.js';

/**
 * The built-in example change of `slice --example` and `review --example`: a small C++ packet
 * parser where the change drops a bounds check before a memcpy into a fixed-size field declared in
 * a header. It shows what the slices carry (the field's declaration in another file, where `len`
 * was last written) with no repository at hand. It is also the first case of `eval --example`.
 */
export const EXAMPLE_PR = { title: PACKET.title, body: PACKET.body };

/** A temporary git repository holding the example change; `cleanup` removes it. */
export interface ExampleRepo {
  dir: string;
  base: string;
  head: string;
  cleanup(): void;
}

/** Writes the example change into a new temporary git repository (two commits on `main`, the same SHAs every time). */
export function createExampleRepo(): ExampleRepo {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-example-'));
  try {
    const [base, head] = writeFixtureRepo(dir, [
      { message: 'Packet parser', files: PACKET.base },
      { message: PACKET.title, files: PACKET.head },
    ]) as [string, string];
    return { dir, base, head, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

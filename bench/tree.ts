// A commit's tree written out as files, from git objects only (a bare mirror works), for the
// benchmarks' ctags runs. Unlike `git archive | tar -x`, a blob the mirror lacks (a large file left
// out of a partial copy) is skipped instead of cutting the checkout short; the count is returned.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes the files of `rev`'s tree under `dest`; returns how many blobs were absent from the repository. */
export function extractTree(repoDir: string, rev: string, dest: string): number {
  const listing = execFileSync('git', ['-C', repoDir, 'ls-tree', '-r', '-z', '--full-tree', rev], { maxBuffer: 1 << 30 }).toString('utf8');
  // `<mode> blob <oid>\t<path>`; submodules (commits) and symbolic links have no file to write.
  const blobs = listing
    .split('\0')
    .map((entry) => /^(\d+) blob ([0-9a-f]+)\t(.+)$/s.exec(entry))
    .filter((m): m is RegExpExecArray => m !== null && m[1] !== '120000')
    .map((m) => ({ oid: m[2] as string, file: m[3] as string }));
  const out = execFileSync('git', ['-C', repoDir, 'cat-file', '--batch'], {
    input: blobs.map((b) => b.oid).join('\n') + '\n',
    maxBuffer: 1 << 30,
  });
  let at = 0;
  let missing = 0;
  for (const { file } of blobs) {
    const eol = out.indexOf(0x0a, at);
    const header = out.subarray(at, eol).toString('latin1');
    at = eol + 1;
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1];
    if (size === undefined) {
      missing++;
      continue;
    }
    const target = path.join(dest, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, out.subarray(at, at + Number(size)));
    at += Number(size) + 1;
  }
  return missing;
}

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FACTS_FILE } from '../../src/slicing/facts-cache.js';

/** A facts file's entries, and a writer of the same file with its entries changed (the format: see src/slicing/facts-cache.ts). */
export function factsFile(dir: string): { entries: [string, Buffer][]; write(entries: [string, Buffer][]): void } {
  const data = readFileSync(path.join(dir, FACTS_FILE));
  const magic = data.indexOf('\n') + 1;
  const length = data.readUInt32LE(magic);
  const header = JSON.parse(data.toString('utf8', magic + 4, magic + 4 + length)) as { code: string; entries: [string, number][] };
  let at = magic + 4 + length;
  const entries = header.entries.map(([key, size]): [string, Buffer] => {
    at += size;
    return [key, data.subarray(at - size, at)];
  });
  return {
    entries,
    write(changed) {
      const json = Buffer.from(JSON.stringify({ code: header.code, entries: changed.map(([k, b]) => [k, b.length]) }));
      const size = Buffer.alloc(4);
      size.writeUInt32LE(json.length);
      writeFileSync(path.join(dir, FACTS_FILE), Buffer.concat([data.subarray(0, magic), size, json, ...changed.map(([, b]) => b)]));
    },
  };
}

/** Rewrites every entry of a facts file with its first string replaced by `text`. */
export function poisonFacts(dir: string, text: string): number {
  const file = factsFile(dir);
  file.write(
    file.entries.map(([key, bytes]) => {
      const entry = JSON.parse(bytes.toString('utf8')) as { s: string[] };
      entry.s = entry.s.map((s, i) => (i === 0 ? text : s));
      return [key, Buffer.from(JSON.stringify(entry))];
    }),
  );
  return file.entries.length;
}

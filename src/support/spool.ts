import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Values kept in a temporary file (one JSON line each) instead of memory, and read back one at a
 * time by their place: what a large change's dry run must print after it has seen every slice (the
 * slices and prompts of a 1,000-file change are hundreds of megabytes). The file is readable by its
 * owner only, and removed by close().
 */
export class Spool<T> {
  private readonly dir: string;
  private readonly fd: number;
  /** Where each value starts in the file, and its length in bytes. */
  private readonly at: number[] = [];
  private readonly bytes: number[] = [];
  private size = 0;
  private closed = false;

  constructor() {
    this.dir = mkdtempSync(path.join(tmpdir(), 'keybug-spool-'));
    try {
      this.fd = openSync(path.join(this.dir, 'values.jsonl'), 'w+', 0o600);
    } catch (error) {
      // No spool without its file: the folder just made goes too.
      rmSync(this.dir, { recursive: true, force: true });
      throw error;
    }
  }

  get length(): number {
    return this.at.length;
  }

  /** Writes `value` at the end; returns its place. */
  add(value: T): number {
    const data = Buffer.from(JSON.stringify(value) + '\n', 'utf8');
    for (let written = 0; written < data.length;) written += writeSync(this.fd, data, written, data.length - written, this.size + written);
    this.at.push(this.size);
    this.bytes.push(data.length);
    this.size += data.length;
    return this.at.length - 1;
  }

  /** The value at `place`, read back. */
  get(place: number): T {
    const length = this.bytes[place];
    if (length === undefined) throw new RangeError(`no value ${place} in a spool of ${this.length}`);
    const data = Buffer.alloc(length);
    const from = this.at[place] ?? 0;
    for (let read = 0; read < length;) {
      const n = readSync(this.fd, data, read, length - read, from + read);
      if (n === 0) throw new Error(`the spool file ended before value ${place}`);
      read += n;
    }
    return JSON.parse(data.toString('utf8')) as T;
  }

  /** Every value in the order written (or in the order of `places`), read one at a time. */
  *values(places?: Iterable<number>): Generator<T> {
    if (places !== undefined) for (const place of places) yield this.get(place);
    else for (let place = 0; place < this.length; place++) yield this.get(place);
  }

  /** Removes the file; the spool is empty afterwards. Safe to call twice. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

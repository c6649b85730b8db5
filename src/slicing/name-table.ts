/**
 * Interns names read from bytes as consecutive ids, without making a JS string of each occurrence:
 * the word index meets every identifier of a revision (millions on a large repository), and a
 * substring and a Map lookup per occurrence were most of its time and of the garbage it left.
 * Open addressing over FNV-1a hashes; the names' bytes are kept back to back in one array.
 */
/** Whether a value is a typed array of that kind, made in whichever realm (a structured clone's may be another's). */
export function isArrayOf(value: unknown, kind: 'Uint8Array' | 'Int32Array'): boolean {
  return Object.prototype.toString.call(value) === `[object ${kind}]`;
}

/** A name table's arrays as they are (see NameTable.toParts). */
export interface NameTableParts {
  bytes: Uint8Array;
  starts: Int32Array;
  hashes: Int32Array;
  slots: Int32Array;
  size: number;
}

export class NameTable {
  /** Name i is bytes[starts[i] .. starts[i + 1]). */
  private bytes = new Uint8Array(1 << 16);
  private starts = new Int32Array(1 << 12);
  private hashes = new Int32Array(1 << 12);
  /** id + 1 of the name in each slot; 0 for an empty slot. */
  private slots = new Int32Array(1 << 13);
  size = 0;

  /** The id of `source[start .. end)`, added when new — unless the table holds `limit` names already: then -1. */
  intern(source: Uint8Array, start: number, end: number, limit: number): number {
    return this.internHashed(source, start, end, hashBytes(source, start, end), limit);
  }

  /** intern, given the bytes' hash (hashBytes) already taken by the caller as it read them. */
  internHashed(source: Uint8Array, start: number, end: number, hash: number, limit: number): number {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let entry = this.slots[slot] as number; entry !== 0; entry = this.slots[slot] as number) {
      if (this.hashes[entry - 1] === hash && this.holds(entry - 1, source, start, end)) return entry - 1;
      slot = (slot + 1) & mask;
    }
    if (this.size >= limit) return -1;
    const id = this.add(source, start, end, hash);
    this.slots[slot] = id + 1;
    if (2 * this.size >= this.slots.length) this.rehash();
    return id;
  }

  /** The id of a name (its characters taken as bytes, as identifiers are ASCII), or -1. */
  find(name: string): number {
    const source = Uint8Array.from(name, (c) => c.charCodeAt(0) & 0xff);
    const hash = hashBytes(source, 0, source.length);
    const mask = this.slots.length - 1;
    for (
      let slot = hash & mask, entry = this.slots[slot] as number;
      entry !== 0;
      slot = (slot + 1) & mask, entry = this.slots[slot] as number
    ) {
      if (this.hashes[entry - 1] === hash && this.holds(entry - 1, source, 0, source.length)) return entry - 1;
    }
    return -1;
  }

  /** The names as stored: their bytes back to back, and where each starts (then one past the last). */
  toArrays(): { bytes: Uint8Array; starts: Int32Array } {
    return { bytes: this.bytes.subarray(0, this.starts[this.size] as number), starts: this.starts.subarray(0, this.size + 1) };
  }

  /** The table whole, its hashes and slots too, for a thread that takes it over as it is (see fromParts). */
  toParts(): NameTableParts {
    return { bytes: this.bytes, starts: this.starts, hashes: this.hashes, slots: this.slots, size: this.size };
  }

  /**
   * The table toParts() gave, taken over in place (nothing hashed again); null when the parts are
   * not a table's (their lengths checked, not their contents: they come from another thread of this
   * process, not from a file).
   */
  static fromParts(parts: NameTableParts): NameTable | null {
    const { bytes, starts, hashes, slots, size } = parts;
    if (
      !isArrayOf(bytes, 'Uint8Array') ||
      !isArrayOf(starts, 'Int32Array') ||
      !isArrayOf(hashes, 'Int32Array') ||
      !isArrayOf(slots, 'Int32Array') ||
      !Number.isInteger(size) ||
      size < 0 ||
      starts.length <= size ||
      hashes.length < size ||
      2 * size >= slots.length ||
      (slots.length & (slots.length - 1)) !== 0 ||
      (starts[size] as number) > bytes.length
    )
      return null;
    const table = new NameTable();
    // Arrays a thread hands over are moved with their own ArrayBuffers (see transferablesOf), never shared.
    table.bytes = bytes as Uint8Array<ArrayBuffer>;
    table.starts = starts as Int32Array<ArrayBuffer>;
    table.hashes = hashes as Int32Array<ArrayBuffer>;
    table.slots = slots as Int32Array<ArrayBuffer>;
    table.size = size;
    return table;
  }

  /**
   * A table holding the names toArrays() gave, with the same ids, room to add more, and its hashes
   * and slots computed again; null when the arrays are not such a table (a damaged cache file).
   */
  static fromArrays(bytes: Uint8Array, starts: Int32Array): NameTable | null {
    const size = starts.length - 1;
    if (size < 0 || starts[0] !== 0 || starts[size] !== bytes.length) return null;
    for (let id = 0; id < size; id++) if ((starts[id + 1] as number) < (starts[id] as number)) return null;
    const table = new NameTable();
    let capacity = table.starts.length;
    while (capacity <= size + 1) capacity *= 2;
    table.starts = new Int32Array(capacity);
    table.starts.set(starts);
    table.hashes = new Int32Array(capacity);
    let room = table.bytes.length;
    while (room < bytes.length) room *= 2;
    table.bytes = new Uint8Array(room);
    table.bytes.set(bytes);
    table.size = size;
    for (let id = 0; id < size; id++) table.hashes[id] = hashBytes(bytes, starts[id] as number, starts[id + 1] as number);
    let slots = table.slots.length;
    while (slots <= 2 * size) slots *= 2;
    table.slots = new Int32Array(slots / 2);
    table.rehash();
    return table;
  }

  private holds(id: number, source: Uint8Array, start: number, end: number): boolean {
    const at = this.starts[id] as number;
    if ((this.starts[id + 1] as number) - at !== end - start) return false;
    for (let i = 0; i < end - start; i++) if (this.bytes[at + i] !== source[start + i]) return false;
    return true;
  }

  private add(source: Uint8Array, start: number, end: number, hash: number): number {
    const id = this.size++;
    if (this.size + 1 >= this.starts.length) {
      this.starts = grown(this.starts);
      this.hashes = grown(this.hashes);
    }
    const at = this.starts[id] as number;
    while (at + (end - start) > this.bytes.length) this.bytes = grown(this.bytes);
    this.bytes.set(source.subarray(start, end), at);
    this.starts[id + 1] = at + (end - start);
    this.hashes[id] = hash;
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = (this.hashes[id] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }
}

/** Where a 32-bit FNV-1a hash starts. */
export const FNV_OFFSET = 0x811c9dc5;

/** One byte into a 32-bit FNV-1a hash. */
export function hashStep(hash: number, byte: number): number {
  return Math.imul(hash ^ byte, 0x01000193);
}

/** 32-bit FNV-1a of `source[start .. end)`. */
function hashBytes(source: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = hashStep(hash, source[i] as number);
  return hash;
}

/** A copy of `array` twice as long. */
function grown<T extends Uint8Array<ArrayBuffer> | Int32Array<ArrayBuffer>>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

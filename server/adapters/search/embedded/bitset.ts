/** A fixed-size set of document slots as 32-bit words. */
export class Bitset {
  readonly words: Uint32Array;

  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const extra = set.words.length * 32 - size;
    if (extra > 0) set.words[set.words.length - 1] = 0xffffffff >>> extra;
    return set;
  }

  static of(size: number, slots: Iterable<number>): Bitset {
    const set = new Bitset(size);
    for (const slot of slots) set.add(slot);
    return set;
  }

  add(slot: number): void {
    const w = slot >>> 5;
    this.words[w] = (this.words[w] as number) | (1 << (slot & 31));
  }

  has(slot: number): boolean {
    return ((this.words[slot >>> 5] as number) & (1 << (slot & 31))) !== 0;
  }

  clone(): Bitset {
    const copy = new Bitset(this.size);
    copy.words.set(this.words);
    return copy;
  }

  /** In place: this ∩ other. */
  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) & (b[i] ?? 0);
    return this;
  }

  /** In place: this ∪ other. */
  or(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) | (b[i] ?? 0);
    return this;
  }

  /** In place: this \ other. */
  andNot(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) & ~(b[i] ?? 0);
    return this;
  }

  count(): number {
    let n = 0;
    for (let i = 0; i < this.words.length; i++) {
      let v = this.words[i] as number;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return n;
  }

  /** Calls `visit` with every slot in the set, in ascending order. */
  forEach(visit: (slot: number) => void): void {
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      let v = words[w] as number;
      while (v !== 0) {
        const low = v & -v;
        visit((w << 5) + (31 - Math.clz32(low)));
        v ^= low;
      }
    }
  }
}

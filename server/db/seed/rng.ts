/**
 * Seeded pseudo-random numbers (mulberry32) so that the demo data is the same on every run with the same options.
 * Each part of the generator forks its own stream by name, so adding a draw in one part does not shift another.
 */

/** 32-bit string hash (cyrb53 folded to 32 bits). */
export function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

export class Rng {
  private state: number;
  private readonly name: string;

  constructor(seed: string) {
    this.name = seed;
    this.state = hashString(seed);
  }

  /** A new independent stream, derived from this stream's seed and a label. */
  fork(label: string): Rng {
    return new Rng(`${this.name}/${label}`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Unsigned 32-bit integer. */
  uint32(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks with the given weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count >= items.length) return this.shuffle(items);
    // Partial Fisher–Yates on a copy: O(count) swaps.
    const out = items.slice();
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.next() * (out.length - i));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out.slice(0, count);
  }

  /** `count` digits as a string (leading zeros allowed). */
  digits(count: number): string {
    let s = '';
    for (let i = 0; i < count; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }

  /** A version 4 UUID whose bits come from this stream (valid format, deterministic). */
  uuid(): string {
    const bytes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const n = this.uint32();
      bytes.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
    }
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

/** Picks an index with a Zipf-like skew: low indexes are much more likely. */
export function skewedIndex(rng: Rng, length: number, skew = 2): number {
  return Math.min(length - 1, Math.floor(Math.pow(rng.next(), skew) * length));
}

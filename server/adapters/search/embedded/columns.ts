import { fold } from './text';

/** A string-like field's values: a dictionary, and per slot the value id (or ids, for arrays). */
export class ValueColumn {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Value ids by folded value, for filters (accents and case do not matter). */
  private readonly byFolded = new Map<string, number[]>();
  single = new Int32Array(0);
  readonly many: (number[] | undefined)[] = [];

  constructor(readonly isArray: boolean) {}

  private idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
      const key = fold(value);
      const same = this.byFolded.get(key);
      if (same) same.push(id);
      else this.byFolded.set(key, [id]);
    }
    return id;
  }

  set(slot: number, values: string[]): void {
    if (this.isArray) {
      this.many[slot] = values.map((v) => this.idOf(v));
      return;
    }
    if (slot >= this.single.length) {
      const grown = new Int32Array(Math.max(64, slot + 1, this.single.length * 2)).fill(-1);
      grown.set(this.single);
      this.single = grown;
    }
    this.single[slot] = values.length > 0 ? this.idOf(values[0] as string) : -1;
  }

  clear(slot: number): void {
    if (this.isArray) this.many[slot] = undefined;
    else if (slot < this.single.length) this.single[slot] = -1;
  }

  idsFor(value: string): number[] {
    return this.byFolded.get(fold(value)) ?? [];
  }
}

/** A numeric field: one number per slot (NaN when absent). */
export class NumberColumn {
  data = new Float64Array(0);
  set(slot: number, value: number): void {
    if (slot >= this.data.length) {
      const grown = new Float64Array(Math.max(64, slot + 1, this.data.length * 2)).fill(Number.NaN);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[slot] = value;
  }
}

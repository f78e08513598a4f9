/** What a benchmark returns: named figures, printed by bench/run.ts and written to bench/results/<name>.json. */
export type Figures = Record<string, string | number | boolean | null>;

/** Every `bench/<name>.bench.ts` default-exports one of these. */
export type Benchmark = () => Promise<Figures>;

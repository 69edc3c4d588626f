/** The Tabula benchmark as a library: engine speed and bot strength, for any game of the catalog. */
export { runBench, BenchFailure } from './bench.js';
export type { BenchOptions, BenchResult } from './bench.js';
export { winRate } from './strength.js';
export type { WinRateOptions, WinRateResult } from './strength.js';

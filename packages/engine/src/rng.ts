/**
 * Seeded pseudo-random generator (sfc32) whose whole state is four 32-bit integers kept in a
 * plain array, so it lives inside a game state, survives a JSON round trip and is cloned with it.
 * Rules code never calls Math.random; the seed and this state never leave the server before the
 * game ends (the per-seat views leave them out).
 */
export type RngState = number[];

/** Derives a 128-bit generator state from any string seed (cyrb128 mixing), then warms it up. */
export function seedRng(seed: string): RngState {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const s = [(h1 ^ h2 ^ h3 ^ h4) | 0, (h2 ^ h1) | 0, (h3 ^ h1) | 0, (h4 ^ h1) | 0];
  for (let i = 0; i < 12; i++) nextInt32(s);
  return s;
}

/** One sfc32 step; returns a signed 32-bit integer and advances `s` in place. */
export function nextInt32(s: RngState): number {
  const a = s[0]!,
    b = s[1]!,
    c = s[2]!,
    d = s[3]!;
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t;
}

/** x mod n for 0 ≤ x < 2^53 and n ≥ 1, exact, by division (a floating-point remainder `%` is much slower). */
function modulo(x: number, n: number): number {
  const r = x - Math.floor(x / n) * n;
  return r < 0 ? r + n : r >= n ? r - n : r;
}

/**
 * Unbiased integer in [0, n) by rejection sampling (no modulo bias): a 32-bit draw x is kept when it lies below
 * the largest multiple of n, 2^32 − (2^32 mod n), and the result is x mod n. n must be in 1..2^32. Every draw
 * below 2^32 − n is kept without computing that bound (the rejected tail is shorter than n).
 */
export function randInt(s: RngState, n: number): number {
  if (n <= 1) return 0;
  for (;;) {
    const x = nextInt32(s) >>> 0;
    if (x < 4294967296 - n || x < 4294967296 - modulo(4294967296, n)) return modulo(x, n);
  }
}

/** Fisher–Yates shuffle in place. */
export function shuffle<T>(s: RngState, arr: T[]): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = randInt(s, i + 1);
    const t = arr[i]!;
    arr[i] = arr[j]!;
    arr[j] = t;
  }
  return arr;
}

/** A generator object for callers outside the rules (bots, drivers): its own stream, never the game's. */
export class Rng {
  readonly state: RngState;
  constructor(seed: string | RngState) {
    this.state = typeof seed === 'string' ? seedRng(seed) : seed.slice();
  }
  int(n: number): number {
    return randInt(this.state, n);
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[randInt(this.state, items.length)]!;
  }
  float(): number {
    return (nextInt32(this.state) >>> 0) / 4294967296;
  }
  shuffle<T>(arr: T[]): T[] {
    return shuffle(this.state, arr);
  }
  /** A new independent stream derived from this one (for a bot per seat, a world sample, …). */
  fork(label: string): Rng {
    return new Rng(`${label}:${nextInt32(this.state)}:${nextInt32(this.state)}`);
  }
}

/**
 * Struggle for Rome balance check: replays the records saved by `tabula simulate struggle-for-rome
 * --save-dir DIR` and prints (as JSON) game lengths, wins by seat and by position relative to the
 * first start player, the winners' VP sources and gold tie-breaks.
 *
 *   node packages/bench/dist/sfr-balance.js DIR [DIR…]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameRecord } from '@tabula/engine';
import { parseRecord, replay } from '@tabula/engine';
import { findGame } from '@tabula/catalog';

/** The parts of the game state (packages/games/struggle-for-rome/src/types.ts) this script reads. */
interface State {
  n: number;
  round: number;
  start: number;
  diplomacy: number;
  p: {
    gold: number;
    dev: string[];
    enemy: number;
    heir: boolean;
    diplomats: number;
    tribes: { kingdom: number[]; loot: number[] }[];
  }[];
  over: { winners: number[]; reason: string; scores: number[] } | null;
}

const pct = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};
const stats = (xs: number[]) => ({
  n: xs.length,
  mean: xs.length ? +(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1) : 0,
  min: xs.length ? Math.min(...xs) : 0,
  p10: pct(xs, 0.1),
  p25: pct(xs, 0.25),
  median: pct(xs, 0.5),
  p75: pct(xs, 0.75),
  p90: pct(xs, 0.9),
  p99: pct(xs, 0.99),
  max: xs.length ? Math.max(...xs) : 0,
});
const inc = (o: Record<string, number>, k: string | number, by = 1): void => {
  o[k] = (o[k] ?? 0) + by;
};
const histo = (xs: number[]): Record<string, number> => {
  const h: Record<string, number> = {};
  for (const x of xs) inc(h, x);
  return h;
};

/** Province of each loot token, in data order (the token indices the state uses). */
const PROV: string[] = (
  JSON.parse(
    readFileSync(new URL('../../games/struggle-for-rome/src/data/loot-tokens.json', import.meta.url), 'utf8'),
  ) as { tokens: { province: string }[] }
).tokens.map((t) => t.province);

function analyse(dir: string) {
  const game = findGame('struggle-for-rome')!;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const rounds: number[] = [];
  const actions: number[] = [];
  const cappedRounds: number[] = [];
  let n = 0;
  const winsBySeat: number[] = [];
  const winsByPos: number[] = []; // position after the first start player (0 = started round 1)
  const winsByLastPos: number[] = []; // position in the final round's turn order
  let shared = 0;
  let completed = 0;
  const combos: Record<string, number> = {};
  const winnerSrc = {
    cities: [] as number[],
    vpCards: [] as number[],
    enemy: 0,
    enemy2: 0,
    heir: 0,
    diplomacy: 0,
  };
  const anySrc = { enemy: 0, heir: 0, diplomacy: 0, playerGames: 0 };
  const winnerVp: number[] = [];
  const margin: number[] = [];
  let qualifiedMulti = 0;
  let goldDecided = 0;
  let lowerVpWon = 0;
  const perGame: Record<string, number[]> = {
    plunder: [],
    found: [],
    expand: [],
    buyDev: [],
    play: [],
    move: [],
  };
  const colours: number[] = []; // per tribe: distinct province colours in its loot at the end
  const lootN: number[] = []; // per tribe: loot tokens at the end
  const diplomats: number[] = []; // per player: diplomat cards played
  for (const f of files) {
    const parsed = parseRecord(JSON.parse(readFileSync(join(dir, f), 'utf8')));
    if (!parsed.ok) throw new Error(`${f}: ${parsed.error.message}`);
    const rec: GameRecord = parsed.value;
    const s0 = replay<State>(game, rec, 0);
    const r = replay<State>(game, rec);
    if (!s0.ok || !r.ok) throw new Error(`${f}: replay failed`);
    const first = s0.value.start;
    const st = r.value;
    n = st.n;
    while (winsBySeat.length < n) {
      winsBySeat.push(0);
      winsByPos.push(0);
      winsByLastPos.push(0);
    }
    actions.push(rec.actions.length);
    const count: Record<string, number> = {};
    for (const a of rec.actions) inc(count, (a.action as { type: string }).type);
    for (const k of Object.keys(perGame)) perGame[k]!.push(count[k] ?? 0);
    for (const p of st.p) {
      diplomats.push(p.diplomats);
      for (const tr of p.tribes) {
        lootN.push(tr.loot.length);
        colours.push(new Set(tr.loot.map((t) => PROV[t])).size);
      }
    }
    if (!st.over) {
      cappedRounds.push(st.round);
      continue;
    }
    completed++;
    rounds.push(st.round);
    const { winners, scores } = st.over;
    if (winners.length > 1) shared++;
    const lastStart = (first + st.round - 1) % n;
    for (const w of winners) {
      winsBySeat[w]! += 1 / winners.length;
      winsByPos[(w - first + n) % n]! += 1 / winners.length;
      winsByLastPos[(w - lastStart + n) % n]! += 1 / winners.length;
    }
    const qualified = scores.map((v, s) => (v >= 10 ? s : -1)).filter((s) => s >= 0);
    if (qualified.length > 1) {
      qualifiedMulti++;
      const best = Math.max(...qualified.map((s) => scores[s]!));
      const topVp = qualified.filter((s) => scores[s] === best);
      if (topVp.length > 1 || winners.some((w) => scores[w]! < best)) goldDecided++;
      if (winners.some((w) => scores[w]! < best)) lowerVpWon++;
    }
    for (let s = 0; s < n; s++) {
      const p = st.p[s]!;
      anySrc.playerGames++;
      if (p.enemy > 0) anySrc.enemy++;
      if (p.heir) anySrc.heir++;
      if (st.diplomacy === s) anySrc.diplomacy++;
    }
    for (const w of winners) {
      const p = st.p[w]!;
      const cities = p.tribes[0]!.kingdom.length + p.tribes[1]!.kingdom.length;
      const vpCards = p.dev.filter((c) => c.startsWith('vp-')).length;
      winnerSrc.cities.push(cities);
      winnerSrc.vpCards.push(vpCards);
      if (p.enemy > 0) winnerSrc.enemy++;
      if (p.enemy > 1) winnerSrc.enemy2++;
      if (p.heir) winnerSrc.heir++;
      if (st.diplomacy === w) winnerSrc.diplomacy++;
      const key = [
        'cities',
        p.enemy ? `enemy×${p.enemy}` : '',
        p.heir ? 'heir' : '',
        st.diplomacy === w ? 'diplomacy' : '',
        vpCards ? 'vpCards' : '',
      ]
        .filter(Boolean)
        .join('+');
      inc(combos, key, 1 / winners.length);
      winnerVp.push(scores[w]!);
      const others = scores.filter((_, s) => s !== w);
      margin.push(scores[w]! - Math.max(...others));
    }
  }
  return {
    dir,
    players: n,
    games: files.length,
    completed,
    capped: cappedRounds.length,
    cappedRounds,
    shared,
    rounds: stats(rounds),
    roundsHisto: histo(rounds),
    actions: stats(actions),
    winsBySeat,
    winsByFirstStartPos: winsByPos,
    winsByFinalRoundPos: winsByLastPos,
    winners: {
      cities: stats(winnerSrc.cities),
      citiesHisto: histo(winnerSrc.cities),
      vpCards: histo(winnerSrc.vpCards),
      withEnemy: winnerSrc.enemy,
      withEnemy2: winnerSrc.enemy2,
      withHeir: winnerSrc.heir,
      withDiplomacy: winnerSrc.diplomacy,
      vp: histo(winnerVp),
      marginOverRunnerUp: histo(margin),
    },
    combos: Object.fromEntries(Object.entries(combos).sort((a, b) => b[1] - a[1])),
    anyPlayer: anySrc,
    actionsPerGame: Object.fromEntries(Object.entries(perGame).map(([k, v]) => [k, stats(v)])),
    lootPerTribe: histo(lootN),
    coloursPerTribe: histo(colours),
    diplomatsPerPlayer: histo(diplomats),
    tieBreak: {
      gamesWithSeveralAt10: qualifiedMulti,
      decidedByGold: goldDecided,
      lowerVpQualifierWon: lowerVpWon,
    },
  };
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node packages/bench/dist/sfr-balance.js DIR [DIR…]');
  process.exit(2);
}
console.log(JSON.stringify(dirs.map(analyse), null, 2));

/**
 * Nations balance report (issue: "from bot self-play, win rate by nation and side, first-player advantage,
 * which cards the winners bought most"; solo: average score and Hall of Fame titles). Plays heuristic
 * self-play games through the engine contract and prints JSON.
 *
 *   node packages/bench/dist/nat-balance.js [--games N] [--solo N] [--seed S]
 */
import type { GameEvent } from '@tabula/engine';
import { playGame } from '@tabula/engine';
import { makeBot } from '@tabula/bots';
import { findGame } from '@tabula/catalog';

interface NatStateLike {
  n: number;
  order: number[];
  players: Array<{ nation: string; side: string }>;
  over: { winners: number[]; scores: number[]; breakdown: number[][]; title?: string } | null;
}

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : dflt;
};
const inc = (o: Record<string, number>, k: string, by = 1): void => {
  o[k] = (o[k] ?? 0) + by;
};
const mean = (xs: number[]) => (xs.length ? +(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1) : 0);

const game = findGame('nations')!;
const games = Number(arg('games', '200'));
const soloGames = Number(arg('solo', '200'));
const seed = arg('seed', 'balance');
const players = Number(arg('players', '4'));

function selfPlay(options: Record<string, unknown>, label: string) {
  const wins: Record<string, number> = {};
  const seats: Record<string, number> = {};
  const byFirst: number[] = new Array(players).fill(0);
  const winnerBuys: Record<string, number> = {};
  const allBuys: Record<string, number> = {};
  const winScores: number[] = [];
  const allScores: number[] = [];
  const parts: number[][] = [];
  let noWinner = 0;
  for (let g = 0; g < games; g++) {
    const s = `${seed}:${label}:${g}`;
    const bots = Array.from({ length: players }, (_, i) => makeBot(game, 'heuristic', `${s}:${i}`));
    const res = playGame<NatStateLike>(game, { options, seats: players, seed: s, bots, events: true });
    const st = res.state;
    const first = st.order; // final order; initial order is in the setup event
    void first;
    const setupEv = (res.events ?? []).find((e: GameEvent) => e.key === 'nat.ev.setup');
    const initial = (setupEv?.params?.order as number[]) ?? [];
    const over = st.over!;
    for (let i = 0; i < st.n; i++) {
      const p = st.players[i]!;
      inc(seats, `${p.nation} ${p.side}`);
      allScores.push(over.scores[i]!);
    }
    if (over.winners.length !== 1) noWinner++;
    for (const w of over.winners) {
      const p = st.players[w]!;
      if (over.winners.length === 1) {
        inc(wins, `${p.nation} ${p.side}`);
        byFirst[initial.indexOf(w)]! += 1;
        winScores.push(over.scores[w]!);
        parts.push(over.breakdown[w]!);
      }
    }
    for (const e of res.events ?? []) {
      if (e.key !== 'nat.ev.buy') continue;
      const seatOf = e.params!.seat as number;
      inc(allBuys, e.params!.card as string);
      if (over.winners.length === 1 && over.winners[0] === seatOf) inc(winnerBuys, e.params!.card as string);
    }
  }
  const rate: Record<string, string> = {};
  for (const k of Object.keys(seats).sort())
    rate[k] = `${wins[k] ?? 0}/${seats[k]} (${(((wins[k] ?? 0) / seats[k]!) * 100).toFixed(1)}%)`;
  const top = Object.entries(winnerBuys)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([id, n]) => ({ id, byWinners: n, byAll: allBuys[id] ?? 0 }));
  const partMeans = [0, 1, 2, 3, 4].map((i) => mean(parts.map((x) => x[i]!)));
  return {
    games,
    players,
    options,
    noSingleWinner: noWinner,
    winRateByNationSide: rate,
    winsByInitialPosition: byFirst.map(
      (w, i) => `${i + 1}: ${w} (${((w / (games - noWinner)) * 100).toFixed(1)}%)`,
    ),
    winnerScore: { mean: mean(winScores), min: Math.min(...winScores), max: Math.max(...winScores) },
    allScoreMean: mean(allScores),
    winnerScoreParts: {
      vpTokens: partMeans[0],
      colonies: partMeans[1],
      wonders: partMeans[2],
      buildingsMilitary: partMeans[3],
      resources: partMeans[4],
    },
    cardsWinnersBoughtMost: top,
  };
}

function solo() {
  const scores: number[] = [];
  const titles: Record<string, number> = {};
  for (let g = 0; g < soloGames; g++) {
    const s = `${seed}:solo:${g}`;
    const res = playGame<NatStateLike>(game, {
      options: {},
      seats: 1,
      seed: s,
      bots: [makeBot(game, 'heuristic', s)],
    });
    const over = res.state.over!;
    scores.push(over.scores[0]!);
    inc(titles, over.title ?? 'none');
  }
  return {
    games: soloGames,
    mean: mean(scores),
    min: Math.min(...scores),
    max: Math.max(...scores),
    negative: scores.filter((x) => x < 0).length,
    titles,
  };
}

const out = {
  aSides: games ? selfPlay({}, 'A') : null,
  bSides: games ? selfPlay({ boardSides: 'choose' }, 'B') : null,
  solo: soloGames ? solo() : null,
};
console.log(JSON.stringify(out, null, 2));

/**
 * Duel scenarios (duels.ts) for the tests: Latari (seat 0) and Uthuk (seat 1) on the two-player preset board at
 * seat 0's Quest Phase step, with only the heroes given, no Tactics card in hand, the Fate deck's next cards set.
 */
import type { GameEvent } from '@tabula/engine';
import { chooseAll, DEFAULT_PACK, runewars as g, scenarioGame } from '@tabula/runewars';
import type { RwAction, RwState } from '@tabula/runewars';
import { seasonIndex } from '../src/common.js';
import { BLANK } from '../src/pack.js';
import { onlyHeroes, top } from './battle-helpers.js';

export const p = DEFAULT_PACK;
export const hero = (id: string) => p.heroes.findIndex((h) => h.id === id);
export const quest = (id: string) => p.quests.findIndex((q) => q.id === id);
export const tcard = (id: string) => p.tactics.findIndex((t) => t.id === id);

export function act(st: RwState, seat: number, a: RwAction, log?: GameEvent[]): void {
  const r = g.apply(st, seat, a, log);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
}

/** Seat 0 at his Quest Phase step with only these heroes ([seat, id, area]) and these Quest cards. */
export function scene(
  heroes: [number, string, string][],
  quests: string[] = [],
  opts: Record<string, unknown> = {},
  seed = 'duels',
): RwState {
  const st = scenarioGame(['latari', 'uthuk'], seed, { heroes: 'on', ...opts });
  chooseAll(st, [4, 8]);
  for (let i = 0; i < 3000 && top(st).k !== 'qph'; i++) {
    const pr = g.prompts(st).find((x) => !x.optional)!;
    act(st, pr.seat, g.defaultAction(st, pr.seat)!);
  }
  onlyHeroes(st, heroes);
  const f = top(st) as Extract<RwState['stack'][number], { k: 'qph' }>;
  f.seat = 0;
  f.acted = [];
  f.h = -1;
  f.left = 0;
  for (const x of st.p) {
    st.decks.tactics.push(...x.tac);
    x.tac = [];
    x.tacSeason = [];
  }
  const qs = quests.map(quest);
  for (const x of st.p) x.quests = x.quests.filter((q) => !qs.includes(q));
  st.decks.quests = st.decks.quests.filter((q) => !qs.includes(q));
  st.decks.questDiscard = st.decks.questDiscard.filter((q) => !qs.includes(q));
  st.p[0]!.quests = qs;
  return st;
}

/** Gives hero `id` the Reward card instances of these cards (face down), taken from the Reward deck. */
export function rewards(st: RwState, id: string, cards: string[]): number[] {
  const hs = st.hero!;
  return cards.map((c) => {
    const k = p.rewards.findIndex((r) => r.id === c);
    const inst = hs.rdeck.find((i) => p.rewardDeck[i] === k)!;
    hs.rdeck.splice(hs.rdeck.indexOf(inst), 1);
    hs.rw[hero(id)]!.push(inst);
    return inst;
  });
}

/** Gives a seat Tactics cards drawn in an earlier season (playable, RW-TACT-03), from the Tactics deck. */
export function tactics(st: RwState, seat: number, ids: string[]): void {
  for (const id of ids) {
    const c = tcard(id);
    const i = st.decks.tactics.indexOf(c);
    if (i >= 0) st.decks.tactics.splice(i, 1);
    st.p[seat]!.tac.push(c);
    st.p[seat]!.tacSeason.push(seasonIndex(st) - 1);
  }
}

/** A Fate card whose section `shape` (0 triangle, 1 circle) has this kind (and number), not one of `not`. */
export const card = (shape: number, kind: number, num = -1, not: number[] = []) =>
  p.fate.findIndex((c, i) => c.kind[shape] === kind && (num < 0 || c.num[shape] === num) && !not.includes(i));

/** Fate cards blank in the circle section (a hero's in a duel), not one of `not`. */
export function blanks(n: number, not: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < p.fate.length && out.length < n; i++)
    if (!not.includes(i) && p.fate[i]!.kind[1] === BLANK) out.push(i);
  return out;
}

/** Puts `seq` on top of the Fate deck, drawn in this order, then blank cards. */
export function fate(st: RwState, seq: number[]): void {
  const all = [...seq, ...blanks(12 - seq.length, seq)];
  st.decks.fate = [...st.decks.fate.filter((c) => !all.includes(c)), ...all.slice().reverse()];
  st.decks.fateDiscard = st.decks.fateDiscard.filter((c) => !all.includes(c));
}

/** Answers by the timeout defaults (RW-DP-89) while a duel, its windows or its spoils wait. */
export function defaults(st: RwState, log?: GameEvent[]): void {
  for (let i = 0; i < 200 && ['duel', 'window', 'spoils'].includes(top(st).k); i++) {
    const pr = g.prompts(st).find((x) => !x.optional)!;
    act(st, pr.seat, g.defaultAction(st, pr.seat)!, log);
  }
}

/**
 * Duels (07-heroes-quests-duels.md §5, §7, §8; RW-DUEL-*, RW-QUEST-20..26), with the option `heroes: 'on'`.
 * After its Move a standing hero may challenge an enemy hero in its area (RW-DUEL-01/02, `duel`), or a duel
 * quest sends it against a neutral unit that exists for the quest alone (RW-QUEST-20/26). Start-of-duel
 * abilities (Mad Carthos) apply at once and may end the duel (RW-DUEL-03/12). Then up to four rounds: the
 * challenger, then the defender, draws one Fate card; a hero reads the circle section, a neutral unit its own
 * shape's (RW-QUEST-22): a special icon deals 1 damage (a neutral unit's ability: its data's `duel` damage,
 * RW-QUEST-24), a rout icon prevents that much damage to its own side this round, a damage icon deals its
 * number; all damage at once (RW-DUEL-04/05/11). The duel ends after four rounds or the round a side falls
 * (RW-DUEL-06); damage stays (RW-DUEL-07). A hero defeated by a surviving hero hands its Reward cards to the
 * winner (RW-DUEL-08, RW-HDEF-02); otherwise it leaves them under a marker (RW-DUEL-09, RW-HDEF-03).
 * With no Reward ability or duel Tactics card usable yet, a duel asks nothing: it is resolved at once.
 */
import type { EventSink, Seat } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { pk } from './common.js';
import { drawFate } from './fight.js';
import { DAMAGE, ROUT, SHAPES, SPECIAL } from './pack.js';
import { defeatHero, results } from './quests.js';
import type { RwAction, RwState } from './types.js';

const CIRCLE = SHAPES.indexOf('circle');

/** The enemy heroes hero `h` may challenge where it stands (RW-DUEL-01/02/10: a routed one may be chosen). */
export function duelsFor(st: RwState, seat: Seat, h: number, out: RwAction[] | null): number {
  const hs = st.hero!;
  if (hs.rt[h] || hs.at[h]! < 0) return 0; // RW-DUEL-10: routed heroes start no duels
  let n = 0;
  for (let t = 0; t < hs.ctl.length; t++)
    if (hs.ctl[t]! >= 0 && hs.ctl[t] !== seat && hs.at[t] === hs.at[h]) {
      n++;
      out?.push({ type: 'duel', h, target: t });
    }
  return n;
}

/** One side's card in a round: special count, rout and damage numbers, from section `sh`. */
function read(st: RwState, c: number, sh: number): [number, number, number] {
  if (c < 0) return [0, 0, 0];
  const f = pk(st).fate[c]!;
  const k = f.kind[sh]!;
  return [k === SPECIAL ? 1 : 0, k === ROUT ? f.num[sh]! : 0, k === DAMAGE ? f.num[sh]! : 0];
}

/**
 * A duel between hero `h` of `seat` and either hero `t` (the defender's) or neutral unit type `u` (t = -1).
 * Returns 0 if the challenger's side won, 1 if the defender's side won, 2 both fell, -1 nobody fell.
 */
function fight(st: RwState, seat: Seat, h: number, t: number, u: number, log: EventSink): number {
  const p = pk(st);
  const hs = st.hero!;
  const hp = [
    p.heroes[h]!.health - hs.dmg[h]!,
    t >= 0 ? p.heroes[t]!.health - hs.dmg[t]! : p.units[u]!.health,
  ];
  const ward = [p.heroes[h]!.duelWard, t >= 0 ? p.heroes[t]!.duelWard : 0];
  const dealt = [0, 0]; // damage taken by each side so far
  const take = (side: number, n: number): number => {
    if (n <= 0) return 0;
    // A hero's ward prevents the first damage dealt to him in each duel (Sir Valadir).
    const w = Math.min(ward[side]!, n);
    ward[side]! -= w;
    const k = n - w;
    dealt[side]! += k;
    return k;
  };
  // RW-DUEL-03/12: start-of-duel abilities, challenger then defender, applied at once.
  const s0 = p.heroes[h]!.duelStart,
    s1 = t >= 0 ? p.heroes[t]!.duelStart : 0;
  if (s0 || s1) {
    const d1 = take(1, s0),
      d0 = take(0, s1);
    emit(log, 'rw.ev.duelStartDamage', { seat, hero: h, n: d1, m: d0 }, ['RW-DUEL-03', 'RW-DUEL-12']);
  }
  const unitShape = u >= 0 ? p.units[u]!.shape : CIRCLE;
  for (let r = 1; r <= 4 && dealt[0]! < hp[0]! && dealt[1]! < hp[1]!; r++) {
    // RW-DUEL-04a: the challenger draws first.
    const c0 = drawFate(st, log),
      c1 = drawFate(st, log);
    const [sp0, rt0, dm0] = read(st, c0, CIRCLE);
    const [sp1, rt1, dm1] = read(st, c1, t >= 0 ? CIRCLE : unitShape);
    // RW-DUEL-04b: a hero's special deals 1 damage (Reward abilities come with their use); a neutral unit's
    // special uses its ability as its data reads it in a duel (RW-QUEST-22/24).
    const spec1 = t >= 0 ? sp1 : sp1 * (p.units[u]!.duel < 0 ? dealt[1]! : p.units[u]!.duel);
    // RW-DUEL-05/11: all at once, each side's rout icon preventing damage to itself this round.
    const to1 = Math.max(0, sp0 + dm0 - rt1),
      to0 = Math.max(0, spec1 + dm1 - rt0);
    const d1 = take(1, to1),
      d0 = take(0, to0);
    const cards = [c0, c1].filter((c) => c >= 0);
    for (const c of cards) st.decks.fateDiscard.push(c);
    emit(log, 'rw.ev.duelRound', { round: r, cards: cards.map((c) => p.fate[c]!.id), n: d1, m: d0 }, [
      'RW-DUEL-04',
      'RW-DUEL-05',
      'RW-DUEL-11',
      'RW-QUEST-22',
    ]);
  }
  // RW-DUEL-07: damage stays on the heroes.
  hs.dmg[h]! += dealt[0]!;
  if (t >= 0) hs.dmg[t]! += dealt[1]!;
  const f0 = dealt[0]! >= hp[0]!,
    f1 = dealt[1]! >= hp[1]!;
  return f0 && f1 ? 2 : f1 ? 0 : f0 ? 1 : -1;
}

/** RW-DUEL-01..13: hero `h` of `seat` challenges hero `t`. */
export function heroDuel(st: RwState, seat: Seat, h: number, t: number, log: EventSink): void {
  const hs = st.hero!;
  const p = pk(st);
  const def = hs.ctl[t]!;
  emit(log, 'rw.ev.duel', { seat, hero: h, def, target: t, area: hs.at[h] }, [
    'RW-DUEL-01',
    'RW-DUEL-02',
    'RW-DUEL-10',
    'RW-DUEL-13',
  ]);
  const r = fight(st, seat, h, t, -1, log);
  emit(log, 'rw.ev.duelEnd', { seat, hero: h, target: t, won: r }, ['RW-DUEL-06', 'RW-DUEL-07']);
  if (r === 0 || r === 1) {
    // RW-DUEL-08, RW-HDEF-02: the winner takes the loser's Reward cards, face up or down as they were.
    const [win, lose] = r === 0 ? [h, t] : [t, h];
    const ws = hs.ctl[win]!;
    const got = hs.rw[lose]!.slice();
    hs.rw[lose] = [];
    for (const c of got) hs.rw[win]!.push(c);
    if (got.length)
      emit(log, 'rw.ev.duelSpoils', { seat: ws, hero: win, n: got.length }, ['RW-DUEL-08', 'RW-HDEF-02']);
    hs.dmg[lose] = p.heroes[lose]!.health;
    defeatHero(st, lose, log);
    const inf = p.heroes[win]!.duelWin;
    if (inf) st.p[ws]!.inf += inf; // Bogran the Shadow
  } else if (r === 2) {
    // RW-DUEL-09: both fall; each leaves his stack (RW-HDEF-03).
    defeatHero(st, h, log);
    defeatHero(st, t, log);
  }
}

/** RW-QUEST-20..26: a duel quest against a neutral unit run by the player to the left (no choice to make). */
export function questDuel(st: RwState, seat: Seat, h: number, q: number, log: EventSink): void {
  const p = pk(st);
  const u = p.quests[q]!.unit;
  emit(log, 'rw.ev.questDuel', { seat, hero: h, u }, ['RW-QUEST-20', 'RW-QUEST-21', 'RW-QUEST-26']);
  const r = fight(st, seat, h, -1, u, log);
  emit(log, 'rw.ev.questDuelEnd', { seat, hero: h, u, won: r }, ['RW-QUEST-23', 'RW-QUEST-25']);
  if (r === 1 || r === 2) {
    // RW-QUEST-25: the hero falls (both falling too): no completion; his Reward cards under a marker.
    defeatHero(st, h, log);
    results(st, seat, h, q, 2, log);
  } else results(st, seat, h, q, r === 0 ? 0 : 2, log); // RW-QUEST-23/25
}

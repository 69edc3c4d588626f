/**
 * Quests, attribute tests and Reward cards drawn (07-heroes-quests-duels.md §3, §4, §6; data.md §10/§11), with
 * the option `heroes: 'on'`. After its Move action (0, 1 or 2 areas, RW-QPH-12) a standing hero may attempt a
 * Quest card of its controller's hand whose area it stands in (RW-QUEST-04/05/08): the card is revealed, its
 * check made — an attribute test (draw as many Fate cards as the attribute, choose one, RW-TEST-01..03), a
 * price, control of the area — and the results of the destiny applied from the card's data (a small vocabulary:
 * reward, influence, damage, train, tactics, discard, rout, heal, peek, dial). A result with a reward completes
 * the quest: the card is discarded and another drawn at once (RW-QUEST-06/12); otherwise the card is kept
 * (unless it says discard) and known to all (RW-QUEST-07/11). Duel quests: duels.ts.
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK, randInt } from '@tabula/engine';
import { board, checkHands, ctrl, drawQuests, drawTactics, fail, only, pk, see } from './common.js';
import { questDuel } from './duels.js';
import { drawFate } from './fight.js';
import { heroesOf, testCards } from './heroes.js';
import { applyPassive, rewardUnder } from './rewards.js';
import type { QuestRt } from './pack.js';
import type { Frame, RwAction, RwState } from './types.js';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

const DESTINY = { gold: 0, silver: 1, red: 2 } as const;

/** The Quest cards hero `h` may attempt where it stands (RW-QUEST-04/05/10). */
export function questsFor(st: RwState, seat: Seat, h: number, out: RwAction[] | null): number {
  const p = pk(st);
  const hs = st.hero!;
  if (hs.rt[h] || hs.at[h]! < 0) return 0; // RW-QUEST-08: routed heroes do not attempt quests
  let n = 0;
  for (const q of st.p[seat]!.quests) {
    const c = p.quests[q]!;
    if (c.area >= 0 && c.area !== hs.at[h]) continue;
    n++;
    out?.push({ type: 'quest', h, card: q });
  }
  return n;
}

/** RW-QUEST-05: reveals the card and makes its check. */
export function attempt(st: RwState, seat: Seat, h: number, q: number, log: EventSink): void {
  const p = pk(st);
  const c = p.quests[q]!;
  emit(log, 'rw.ev.questAttempt', { seat, hero: h, qcard: q }, ['RW-QUEST-05', 'RW-QUEST-04', 'RW-QPH-10']);
  switch (c.check) {
    case 'pay': {
      // RW-DP-21: the price paid if he can; otherwise nothing happens (the card is kept).
      if (st.p[seat]!.inf >= c.pay) {
        st.p[seat]!.inf -= c.pay;
        emit(log, 'rw.ev.questPaid', { seat, n: c.pay }, ['RW-QUEST-05']);
        results(st, seat, h, q, 0, log);
      } else results(st, seat, h, q, 2, log);
      return;
    }
    case 'control':
      if (ctrl(st, c.area) === seat) {
        results(st, seat, h, q, 0, log);
        return;
      }
      test(st, seat, h, q, log);
      return;
    case 'duel':
      questDuel(st, seat, h, q, log); // duels.ts
      return;
    default:
      test(st, seat, h, q, log);
  }
}

/** RW-TEST-01..03: as many Fate cards as the attribute, all at once; 0 cards is the red result. */
function test(st: RwState, seat: Seat, h: number, q: number, log: EventSink): void {
  const c = pk(st).quests[q]!;
  const n = testCards(st, h, c.attr);
  const cs: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = drawFate(st, log);
    if (x >= 0) cs.push(x);
  }
  emit(log, 'rw.ev.questTest', { seat, hero: h, attr: c.attr, cards: cs.map((x) => pk(st).fate[x]!.id) }, [
    'RW-TEST-01',
    'RW-TEST-02',
    'RW-FATE-03',
  ]);
  if (cs.length === 0) {
    results(st, seat, h, q, 2, log); // RW-TEST-03
    return;
  }
  st.stack.push({ k: 'qtest', seat, h, q, cs });
}

const REDRAW: RwAction = Object.freeze({ type: 'redraw' });

/** Astarra's Quest Phase frame, if she may still draw this test again (once a Quest Phase). */
function canRedraw(st: RwState, f: F<'qtest'>): F<'qph'> | null {
  if (!pk(st).heroes[f.h]!.redraw || !f.cs.length) return null;
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const x = st.stack[i]!;
    if (x.k === 'qph') return x.rd?.includes(f.h) ? null : x;
  }
  return null;
}

/** The Quest Phase frame around a test (null outside one). */
function phaseOf(st: RwState): F<'qph'> | null {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const x = st.stack[i]!;
    if (x.k === 'qph') return x;
  }
  return null;
}

/**
 * Lucky Charm (data.md §11): the testing hero's Charm not used yet this Quest Phase (instance, -1 none); once a
 * Quest Phase for the card, whichever hero holds it.
 */
function charmFor(st: RwState, f: F<'qtest'>): number {
  if (!f.cs.length) return -1;
  const c = rewardUnder(st, f.h, 'charm');
  if (c < 0) return -1;
  const ph = phaseOf(st);
  return ph && !ph.ch?.includes(c) ? c : -1;
}

export const qtestDecision: Decision<RwState, F<'qtest'>, RwAction> = {
  prompt: 'rw.questTest',
  rule: 'RW-TEST-01',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { hero: f.h, qcard: f.q } }),
  offers(st, f, _seat, out) {
    for (const c of f.cs) out.push({ type: 'testCard', card: c });
    if (canRedraw(st, f)) out.push(REDRAW);
    const c = charmFor(st, f);
    if (c >= 0) out.push({ type: 'redraw', c });
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type === 'redraw') {
      if (a.c !== undefined) {
        // Lucky Charm: face up from now on, kept; once this Quest Phase.
        if (a.c !== charmFor(st, f))
          return fail(
            'charm',
            'Lucky Charm draws the cards of one test again, once a Quest Phase.',
            'RW-TEST-01',
          );
        (phaseOf(st)!.ch ??= []).push(a.c);
        applyPassive(st, seat, f.h, a.c, log, ['RW-TEST-01']);
      } else {
        const ph = canRedraw(st, f);
        if (!ph) return fail('redraw', 'Only Astarra draws a test again, once a Quest Phase.', 'RW-TEST-01');
        (ph.rd ??= []).push(f.h);
      }
      // Astarra (data.md §9), Lucky Charm: all the cards of this test discarded and as many drawn again.
      const n = f.cs.length;
      for (const c of f.cs) st.decks.fateDiscard.push(c);
      f.cs = [];
      for (let i = 0; i < n; i++) {
        const x = drawFate(st, log);
        if (x >= 0) f.cs.push(x);
      }
      emit(log, 'rw.ev.redraw', { seat, hero: f.h, cards: f.cs.map((x) => pk(st).fate[x]!.id) }, [
        'RW-TEST-01',
        'RW-FATE-03',
      ]);
      return OK;
    }
    if (a.type !== 'testCard' || !f.cs.includes(a.card))
      return fail('testCard', 'Choose one of the Fate cards drawn for the test.', 'RW-TEST-01');
    st.stack.pop();
    // RW-TEST-01: the other cards are discarded (the chosen one too, once used).
    for (const c of f.cs) st.decks.fateDiscard.push(c);
    const d = DESTINY[pk(st).fate[a.card]!.destiny];
    emit(log, 'rw.ev.questCard', { seat, hero: f.h, card: pk(st).fate[a.card]!.id, d }, [
      'RW-TEST-01',
      'RW-DP-20',
    ]);
    results(st, seat, f.h, f.q, d, log);
    return OK;
  },
  // RW-DP-89 (DP-20): the best destiny (gold, silver, red), the first drawn of it.
  byDefault(st, f) {
    let best = f.cs[0]!;
    for (const c of f.cs)
      if (DESTINY[pk(st).fate[c]!.destiny] < DESTINY[pk(st).fate[best]!.destiny]) best = c;
    return { type: 'testCard', card: best };
  },
};

/** Applies the results of destiny `d` (0 gold, 1 silver, 2 red) of Quest card `q` for hero `h`. */
export function results(st: RwState, seat: Seat, h: number, q: number, d: number, log: EventSink): void {
  const p = pk(st);
  const c: QuestRt = p.quests[q]!;
  const hs = st.hero!;
  let rewards = 0,
    discard = false;
  emit(log, 'rw.ev.questResult', { seat, hero: h, qcard: q, d }, ['RW-QUEST-05']);
  for (const e of c.res[d]!) {
    if (hs.ctl[h] !== seat) break; // the hero has fallen
    switch (e.k) {
      case 'reward':
        rewards += e.n;
        break;
      case 'influence':
        st.p[seat]!.inf += e.n;
        emit(log, 'rw.ev.questInfluence', { seat, n: e.n }, ['RW-QUEST-05']);
        break;
      case 'tactics':
        drawTactics(st, seat, e.n, log, 'RW-QUEST-05');
        break;
      case 'damage':
        damageHero(st, h, e.n, log, 'RW-QUEST-05');
        break;
      case 'train': {
        // RW-QPH-08: +1 only, within the training limit.
        const i = h * 3 + e.n;
        if (hs.tr[i]! < p.heroRules.trainMax) {
          hs.tr[i]!++;
          emit(log, 'rw.ev.questTrain', { seat, hero: h, attr: e.n }, ['RW-QPH-08', 'RW-QPH-06']);
        }
        break;
      }
      case 'rout':
        hs.rt[h] = 1;
        emit(log, 'rw.ev.questRouted', { seat, hero: h }, ['RW-QUEST-05']);
        break;
      case 'heal':
        hs.dmg[h] = 0;
        emit(log, 'rw.ev.heroHealed', { seat, hero: h }, ['RW-QUEST-05']);
        break;
      case 'dial': {
        const dial = st.p[seat]!.dial;
        if (dial[e.n]! < p.rules.dialMax) dial[e.n]!++;
        emit(log, 'rw.ev.questDial', { seat, res: e.n }, ['RW-QUEST-05']);
        break;
      }
      case 'peek':
        if (peekAreas(st, seat, e.tile, null) > 0)
          st.stack.push({ k: 'qpeek', seat, left: e.n, tile: e.tile });
        break;
      case 'discard':
        discard = true;
        break;
    }
  }
  const hand = st.p[seat]!.quests;
  const i = hand.indexOf(q);
  if (rewards > 0 || discard) {
    if (i >= 0) hand.splice(i, 1);
    st.decks.questDiscard.push(q);
    forgetRevealed(st, q);
  }
  if (rewards > 0) {
    // RW-QUEST-06/12: completed — the rewards, the card discarded, a new one drawn at once, then the limit.
    emit(log, 'rw.ev.questDone', { seat, hero: h, qcard: q }, ['RW-QUEST-06']);
    if (hs.ctl[h] === seat) for (let k = 0; k < rewards; k++) gainReward(st, h, log);
    drawQuests(st, seat, 1, log, 'RW-QUEST-12');
  } else if (!discard && i >= 0) {
    // RW-QUEST-07/11: kept, and known to all.
    if (!isRevealed(st, q)) hs.qr.push(q, seat);
    emit(log, 'rw.ev.questKept', { seat, qcard: q }, ['RW-QUEST-07', 'RW-QUEST-11']);
  } else if (discard) emit(log, 'rw.ev.questDiscarded', { seat, qcard: q }, ['RW-QUEST-07']);
  // RW-QUEST-02, RW-DP-26: the hand limits, after a new Quest card or a Tactics card the result gave.
  checkHands(st, seat);
}

const isRevealed = (st: RwState, q: number) => {
  const r = st.hero!.qr;
  for (let i = 0; i < r.length; i += 2) if (r[i] === q) return true;
  return false;
};

/** A Quest card leaves a hand: it is no longer a known card of it. */
export function forgetRevealed(st: RwState, q: number): void {
  const hs = st.hero;
  if (!hs) return;
  for (let i = 0; i < hs.qr.length; i += 2)
    if (hs.qr[i] === q) {
      hs.qr.splice(i, 2);
      return;
    }
}

/* ------------------------------------------------------------------ rune tokens looked at (RW-DP-21) */

function peekAreas(st: RwState, seat: Seat, tile: number, out: RwAction[] | null): number {
  const p = pk(st);
  const kn = st.p[seat]!.kn;
  let n = 0;
  for (const a of board(st).on) {
    if (st.rk[a]! < 0 || st.rup[a] || kn.includes(st.rh[a]!)) continue;
    if (tile >= 0 && p.areas[a]!.tile !== tile) continue;
    n++;
    out?.push({ type: 'peek', area: a });
  }
  return n;
}

export function runQpeek(st: RwState, f: F<'qpeek'>): boolean {
  if (f.left <= 0 || peekAreas(st, f.seat, f.tile, null) === 0) {
    st.stack.pop();
    return false;
  }
  return true;
}

export const qpeekDecision: Decision<RwState, F<'qpeek'>, RwAction> = {
  prompt: 'rw.questPeek',
  rule: 'RW-DP-21',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { n: f.left } }),
  offers(st, f, seat, out) {
    peekAreas(st, seat, f.tile, out);
  },
  answer(st, f, seat, a, log): ApplyResult {
    const ok: RwAction[] = [];
    peekAreas(st, seat, f.tile, ok);
    if (a.type !== 'peek' || !ok.some((x) => x.type === 'peek' && x.area === a.area))
      return fail('peekArea', 'Look at a face-down rune token you have not seen.', 'RW-DP-21');
    f.left--;
    see(st, seat, a.area);
    emit(log, 'rw.ev.questPeek', { seat, area: a.area }, ['RW-DP-21', 'RW-INFO-14']);
    return OK;
  },
  // RW-DP-89: the first such area in canonical order.
  byDefault(st, f, seat) {
    const ok: RwAction[] = [];
    peekAreas(st, seat, f.tile, ok);
    return ok[0] ?? null;
  },
};

/* ------------------------------------------------------------------ Reward cards and damage */

/** RW-REWARD-01: the top Reward card, seen by the controller alone, face down under the hero. */
export function gainReward(st: RwState, h: number, log: EventSink): void {
  const hs = st.hero!;
  if (hs.rdeck.length === 0 && hs.rdisc.length) {
    // RW-RAND-02: the discard pile reshuffled, face down again.
    hs.up = hs.up.filter((x) => !hs.rdisc.includes(x));
    hs.rdeck = hs.rdisc;
    hs.rdisc = [];
  }
  if (!hs.rdeck.length) return;
  // A card at random: the same as the top of a shuffled deck (the deck's order is kept nowhere).
  const c = hs.rdeck.splice(randInt(st.rng, hs.rdeck.length), 1)[0]!;
  hs.rw[h]!.push(c);
  const seat = hs.ctl[h]!;
  emit(log, 'rw.ev.rewardGained', { seat, hero: h }, ['RW-REWARD-01', 'RW-QUEST-06'], undefined, [seat]);
  emit(
    log,
    'rw.ev.rewardGainedOwn',
    { seat, hero: h, reward: pk(st).rewardDeck[c] },
    ['RW-REWARD-01'],
    [seat],
  );
}

/** Damage to a hero (RW-HERO-07); reaching its health defeats it (RW-HDEF-01, RW-HDEF-03). */
export function damageHero(st: RwState, h: number, n: number, log: EventSink, rule: string): void {
  const hs = st.hero!;
  if (n <= 0 || hs.ctl[h]! < 0) return;
  hs.dmg[h]! += n;
  emit(log, 'rw.ev.heroDamaged', { seat: hs.ctl[h], hero: h, n }, [rule, 'RW-HERO-07']);
  if (hs.dmg[h]! >= pk(st).heroes[h]!.health) defeatHero(st, h, log);
}

/**
 * RW-HDEF-01/03/07: off the board and out of the game; its Reward cards stay in its area as a stack under a
 * defeated-hero marker (face-up ones public); its tokens return to the supply.
 */
export function defeatHero(st: RwState, h: number, log: EventSink): void {
  const hs = st.hero!;
  const seat = hs.ctl[h]!;
  const a = hs.at[h]!;
  if (hs.rw[h]!.length && a >= 0) hs.mk.push([a, ...hs.rw[h]!]);
  emit(log, 'rw.ev.heroDefeated', { seat, hero: h, area: a, n: hs.rw[h]!.length }, [
    'RW-HDEF-01',
    'RW-HDEF-03',
    'RW-HDEF-07',
  ]);
  hs.rw[h] = [];
  hs.ctl[h] = -2; // removed from the game: never back to the Hero deck (RW-HDEF-07)
  hs.at[h] = -1;
  hs.dmg[h] = 0;
  hs.rt[h] = 0;
  hs.tr[h * 3] = hs.tr[h * 3 + 1] = hs.tr[h * 3 + 2] = 0;
  hs.tb[h] = 0;
}

/** Heroes of `seat` standing in `a`. */
export function heroesIn(st: RwState, seat: Seat, a: number): number[] {
  return heroesOf(st, seat).filter((h) => st.hero!.at[h] === a);
}

/* ------------------------------------------------------------------ defeated heroes' stacks (RW-HDEF-04/05) */

function lootOffers(st: RwState, seat: Seat, out: RwAction[] | null): number {
  const hs = st.hero;
  if (!hs || !hs.mk.length) return 0;
  let n = 0;
  const mine = heroesOf(st, seat);
  for (let m = 0; m < hs.mk.length; m++)
    for (const h of mine)
      if (hs.at[h] === hs.mk[m]![0]) {
        n++;
        out?.push({ type: 'loot', h, m });
      }
  return n;
}

/** At the end of his Order (his turn, RW-HDEF-05), if one of his heroes stands by a defeated hero's marker. */
export function askLoot(st: RwState, seat: Seat): void {
  if (lootOffers(st, seat, null) > 0) st.stack.push({ k: 'loot', seat });
}

export function runLoot(st: RwState, f: F<'loot'>): boolean {
  if (st.p[f.seat]!.out || lootOffers(st, f.seat, null) === 0) {
    st.stack.pop();
    return false;
  }
  return true;
}

export const lootDecision: Decision<RwState, F<'loot'>, RwAction> = {
  prompt: 'rw.loot',
  rule: 'RW-HDEF-04',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, _f, seat, out) {
    lootOffers(st, seat, out);
    out.push({ type: 'done' });
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type === 'done') {
      st.stack.pop();
      return OK;
    }
    const ok: RwAction[] = [];
    lootOffers(st, seat, ok);
    if (a.type !== 'loot' || !ok.some((x) => x.type === 'loot' && x.h === a.h && x.m === a.m))
      return fail('lootHere', "A hero of yours takes a defeated hero's stack in its own area.", 'RW-HDEF-04');
    const hs = st.hero!;
    const [area, ...cards] = hs.mk.splice(a.m, 1)[0]!;
    for (const c of cards) hs.rw[a.h]!.push(c); // face up or down as they lay
    emit(log, 'rw.ev.loot', { seat, hero: a.h, area, n: cards.length }, ['RW-HDEF-04', 'RW-HDEF-05']);
    return OK;
  },
  // RW-DP-89: taking costs nothing: the first stack with the first hero in canonical order.
  byDefault(st, _f, seat) {
    const ok: RwAction[] = [];
    lootOffers(st, seat, ok);
    return ok[0] ?? { type: 'done' };
  },
};

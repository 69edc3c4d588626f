/**
 * War (NAT-WARRES): the nations weaker than the war marker lose VP and resources, reduced by stability;
 * what each lost is recorded for the round.
 */
import type { EventSink } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { MK, allDerived, card, cond, gather, kindBit, modSum, stability } from '../derive.js';
import type { OptOf, NatState, Task } from '../state.js';
import type { Bag, Cond, Res } from '../types.js';
import { PAY_ORDER, RES4 } from './core.js';
import { ask } from './choices.js';
import { changeVp } from './payments.js';
import { fireTriggers } from './triggers.js';

export function startWar(st: NatState, log: EventSink): void {
  if (!st.war) return;
  const w = st.war;
  const def: number[] = [];
  const str = allDerived(st).str;
  for (const s of st.order) {
    const ws = str[s]! + modSum(st, s, MK.warDefense); // NAT-WARRES-1, NAT-NOTE-3
    if (ws < w.marker) def.push(s);
  }
  if (log)
    emit(log, 'nat.ev.warResolve', { card: w.id, marker: w.marker, defeated: def }, [
      'NAT-WARRES-1',
      'NAT-WARRES-5',
    ]);
  // (Built field by field: an object spread with an added key takes V8's slow path.)
  const before = st.players.map((p) => {
    const r = p.res;
    return { gold: r.gold, stone: r.stone, food: r.food, books: r.books, vp: p.vp };
  });
  st.stack.push({ t: 'war', i: 0, seats: def, before });
}

export function runWar(st: NatState, t: Extract<Task, { t: 'war' }>, log: EventSink): void {
  const w = st.war!;
  if (t.i >= t.seats.length) {
    st.stack.pop();
    // NAT-WARRES-8: record what the war removed; NAT-WARRES-6.
    const before = t.before;
    for (const s of t.seats) {
      const p = st.players[s]!;
      const b = before[s]!;
      const res: Bag = {};
      for (const r of RES4) if (b[r]! > p.res[r]) res[r] = b[r]! - p.res[r];
      p.warLost = { res, vp: Math.max(0, b.vp! - p.vp) };
    }
    st.removed.push(w.id);
    st.warDone = { marker: w.marker, buyer: w.buyer };
    st.war = null;
    return;
  }
  const s = t.seats[t.i++]!;
  const p = st.players[s]!;
  p.defeated = true;
  const c = card(w.id);
  const loss: Record<Res, number> = { gold: 0, stone: 0, food: 0, books: 0 };
  for (const r of RES4) loss[r] += c.war!.loss[r] ?? 0;
  // NAT-WARRES-7: extra losses from modifiers (Martin Luther).
  for (const m of gather(st, s, kindBit(MK.warExtraLoss))) {
    const x = (m.b as { warExtraLoss: Bag }).warExtraLoss;
    for (const r of RES4) loss[r] += x[r] ?? 0;
  }
  let vpLoss = c.war!.vp;
  let immune = false;
  for (const m of gather(st, s, kindBit(MK.warVpImmune)))
    if (cond(st, s, (m.b as { warVpImmune: Cond }).warVpImmune)) immune = true;
  if (immune) vpLoss = 0; // NAT-NOTE-4
  const stab = stability(st, s);
  const total = RES4.reduce((a, r) => a + loss[r], 0);
  const red = Math.min(total, Math.max(0, stab)); // NAT-WARRES-3
  if (log)
    emit(log, 'nat.ev.defeated', { seat: s, vp: vpLoss, loss: { ...loss }, reduction: red, immune }, [
      'NAT-WARRES-2',
      'NAT-WARRES-3',
      'NAT-WARRES-4',
    ]);
  if (vpLoss) changeVp(st, s, -vpLoss);
  fireTriggers(st, 'defeatedInWar', s, {});
  const types = RES4.filter((r) => loss[r] > 0);
  if (red === 0 || types.length <= 1 || red >= total) {
    const items: Array<[Res, number]> = [];
    let left = red;
    for (const r of PAY_ORDER) {
      if (loss[r] <= 0) continue;
      const cut = Math.min(left, loss[r]);
      left -= cut;
      if (loss[r] - cut > 0) items.push([r, loss[r] - cut]);
    }
    if (items.length) st.stack.push({ t: 'pay', s, items, i: 0 });
    return;
  }
  // NAT-DP-15: spread the reduction over the loss types.
  const opts: OptOf<'warSpread'>[] = [];
  const spread = (k: number, left: number, cur: Record<Res, number>) => {
    if (k === types.length) {
      if (left === 0) {
        const l: Bag = {};
        for (const r of types) if (loss[r] - cur[r] > 0) l[r] = loss[r] - cur[r];
        opts.push({ type: 'choose', loss: l });
      }
      return;
    }
    const r = types[k]!;
    for (let x = Math.min(left, loss[r]); x >= 0; x--) spread(k + 1, left - x, { ...cur, [r]: x });
  };
  spread(0, red, { gold: 0, stone: 0, food: 0, books: 0 });
  ask(st, log, s, 'warSpread', opts);
}

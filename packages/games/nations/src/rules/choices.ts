/**
 * The pending decisions (spec §21, table NAT-DP): every kind of choice the rules open in the middle of their
 * work — growth, Machiavelli, a bought card's slot, an advisor or colony given up, a battle, a golden age, a
 * wonder's cover, a resource type, a substitution, a war's spread, an offer, a branch, workers gained and lost,
 * free architects, free deployments, free takes, swaps, the Mechanical Turk — each as one object: the rule a
 * refusal cites, how a listed option is applied, the deterministic timeout default (NAT-DP-25/26) and why an
 * unlisted answer is refused (issue 16's words). `choice()` turns each into a decision of the kit
 * (`decisions.ts`), and `ChoiceKind` (state.ts) is checked to have exactly one.
 *
 * A decision is opened by `ask` with its options listed: one option, or a resigned seat, resolves at once
 * (NAT-DP-24).
 */
import type { Decision, EventSink, Node, PromptShape, RuleFailure } from '@tabula/engine';
import { emit, OK } from '@tabula/engine';
import { advisorCap, age, board, card, colonyCap, stability, strength, wonderCap } from '../derive.js';
import type { ChoiceKind, Choose, DataOf, NatAction, NatState, OptOf, Pending, PendingOf } from '../state.js';
import type { Bag, Res } from '../types.js';
import { buy, buyError, takeFreeTypes } from './buy.js';
import { goldenHook } from './cards.js';
import { PAY_ORDER, RES4, cardIdOf, fail } from './core.js';
import { deploy, deployError, placeFreeArchitects } from './deploy.js';
import {
  askDeployFree,
  askUndeployFor,
  finishUndeployFor,
  offerOutcome,
  ontoTypes,
  pushEffects,
} from './effects.js';
import { storePre } from './multi.js';
import { addBag, changeVp, gain, voluntaryPay } from './payments.js';
import { removeInst } from './removal.js';
import { canTakeWorker, takeWorker } from './round.js';
import { fireTriggers } from './triggers.js';

/** One kind of pending decision: what it adds to the machinery every kind shares (`choice`). */
export interface ChoiceSpec<K extends ChoiceKind> {
  /** The decision point of the kind (table NAT-DP): the rule a seat breaks by answering something else. */
  readonly rule: string;
  /** Applies the listed option `pick` (the pending decision is already cleared). */
  resolve(st: NatState, pd: PendingOf<K>, pick: OptOf<K>, log: EventSink): void;
  /** The deterministic timeout default (NAT-DP-25/26); without it, the first option. */
  byDefault?(st: NatState, pd: PendingOf<K>): OptOf<K>;
  /** Why an answer that is not among the options is refused: the rule that forbids it, in words. */
  refuse(st: NatState, pd: PendingOf<K>, a: Choose): RuleFailure;
}

/**
 * Opens a decision of seat s (NAT-DP): the options are listed, the data is what the answer needs. A decision
 * with one option resolves itself; a resigned seat takes the default (NAT-DP-24, NAT-DP-25).
 */
export function ask<K extends ChoiceKind>(
  st: NatState,
  log: EventSink,
  s: number,
  kind: K,
  opts: OptOf<K>[],
  d?: DataOf<K>,
): void {
  st.pending = (d ? { s, kind, opts, d } : { s, kind, opts }) as Pending;
  const p = st.players[s];
  if (opts.length === 1 || (p && p.resigned && opts.length > 0)) {
    const pick = opts.length === 1 ? opts[0]! : defaultChoice(st)!;
    resolveChoice(st, pick, log);
  }
}

/** Applies a listed option of the pending decision. */
export function resolveChoice(st: NatState, pick: Choose | OptOf<ChoiceKind>, log: EventSink): void {
  const pd = st.pending!;
  st.pending = null;
  (SPECS[pd.kind] as ChoiceSpec<ChoiceKind>).resolve(st, pd, pick as OptOf<ChoiceKind>, log);
}

/** The deterministic timeout default of the pending decision (NAT-DP-25/26), or null. */
export function defaultChoice(st: NatState): Choose | null {
  const pd = st.pending;
  if (!pd || pd.opts.length === 0) return null;
  const spec = SPECS[pd.kind] as ChoiceSpec<ChoiceKind>;
  return (spec.byDefault ? spec.byDefault(st, pd) : pd.opts[0]!) as Choose;
}

/** A turn action while a decision waits: the decision comes first. */
export function decideFirst(rule: string): RuleFailure {
  return fail(
    'decide',
    'First answer the decision in front of you; other actions wait until it is made.',
    rule,
  );
}

/** The list `[s]` of the one seat asked, shared and frozen for every seat (prompts build no list). */
const SEAT_LISTS = Array.from({ length: 8 }, (_, s) => Object.freeze([s]));
export const seatList = (s: number): readonly number[] => SEAT_LISTS[s] ?? [s];

/** The prompt shape `{args: {n}}` of a decision with n options, shared and frozen (prompts build no shape). */
const COUNT_SHAPES = Array.from({ length: 64 }, (_, n) => Object.freeze({ args: Object.freeze({ n }) }));
const countShape = (n: number): PromptShape => COUNT_SHAPES[n] ?? { args: { n } };

/** The kit's decision of one kind: who (the pending seat), its prompt, its options, its answer, its default. */
function choice<K extends ChoiceKind>(kind: K, spec: ChoiceSpec<K>): Node<NatState, { k: K }, NatAction> {
  const pending = (st: NatState) => st.pending as PendingOf<K>;
  const decide: Decision<NatState, { k: K }, NatAction> = {
    prompt: `nat.${kind}`,
    rule: spec.rule,
    who: (st) => seatList(st.pending!.s),
    asks: (st, _f, seat) => st.pending!.s === seat,
    ask: (st) => countShape(st.pending!.opts.length),
    fill(st, _f, _seat, p) {
      p.args = countShape(st.pending!.opts.length).args;
    },
    offers(st, _f, _seat, out) {
      const opts = st.pending!.opts;
      for (let i = 0; i < opts.length; i++) out.push(opts[i] as NatAction);
    },
    answer(st, _f, _seat, a, log) {
      if (a.type !== 'choose') return decideFirst(spec.rule);
      const pd = pending(st);
      // A caller that passes back a listed option object (bots, the bench) is matched by identity first.
      const opts: readonly unknown[] = pd.opts;
      const i = opts.indexOf(a);
      const pick = i >= 0 ? pd.opts[i] : pd.opts.find((o) => sameChoice(o, a));
      if (!pick) return spec.refuse(st, pd, a);
      st.pending = null;
      spec.resolve(st, pd, pick, log);
      return OK;
    },
    byDefault: (st) => defaultChoice(st),
  };
  return { decide };
}

/** Whether an answer has the same fields and values as a listed option (key order aside). */
export function sameChoice(o: object, a: Record<string, unknown>): boolean {
  const ko = Object.keys(o);
  const ka = Object.keys(a);
  if (ko.length !== ka.length) return false;
  for (const k of ko) {
    const x = (o as Record<string, unknown>)[k];
    const y = a[k];
    if (x === y) continue;
    if (typeof x === 'object' && x && typeof y === 'object' && y) {
      if (JSON.stringify(sortKeys(x)) !== JSON.stringify(sortKeys(y))) return false;
    } else return false;
  }
  return true;
}
function sortKeys(x: object): unknown {
  if (Array.isArray(x)) return x;
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(x).sort()) o[k] = (x as Record<string, unknown>)[k];
  return o;
}
/** Equal option values (numbers, strings, null, small bags compared by their entries). */
function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || !x || !y) return false;
  return JSON.stringify(sortKeys(x)) === JSON.stringify(sortKeys(y));
}
/** Whether some option of `pd` has field k with the answer's value. */
function offered(pd: Pending, a: Choose, k: string): boolean {
  const opts: ReadonlyArray<Record<string, unknown>> = pd.opts;
  return opts.some((o) => Object.hasOwn(o, k) && sameValue(o[k], a[k]));
}
const has = (a: Choose, k: string) => Object.hasOwn(a, k);

/** The first option whose card has the lowest printed end-game VP (NAT-DP-26). */
function lowestVp<O>(o: readonly O[], idOf: (c: O) => string): O {
  const vp = (id: string) => {
    const v = id ? card(id).endVp : undefined;
    if (typeof v === 'number') return v;
    return Array.isArray(v) ? v.reduce<number>((a, x) => a + (typeof x === 'number' ? x : 0), 0) : 0;
  };
  let best: O = o[0]!;
  for (const c of o) if (vp(idOf(c)) < vp(idOf(best))) best = c;
  return best;
}
/** The first option that satisfies f, else the first. */
function findOr<O>(o: readonly O[], f: (c: O) => boolean): O {
  const x = o.find(f);
  return x === undefined ? o[0]! : x;
}

// ================================================================ setup and the round

const nation: ChoiceSpec<'nation'> = {
  rule: 'NAT-DP-2',
  resolve(st, pd, pick, log) {
    const p = st.players[pd.s]!;
    p.nation = pick.nation;
    p.side = pick.side;
    if (log) emit(log, 'nat.ev.nation', { seat: pd.s, nation: p.nation, side: p.side }, ['NAT-SETUP-16']);
    st.si++;
  },
  refuse(st, _pd, a) {
    const nat = a.nation;
    if (typeof nat !== 'string' || !st.draft.includes(nat))
      return fail('nationDraft', 'Choose one of the nations drawn for this game.', 'NAT-SETUP-16');
    if (st.players.some((x) => x.nation === nat))
      return fail('nationTaken', 'Another player has already taken that nation.', 'NAT-SETUP-16');
    return fail('nationSide', 'Choose side A or side B of the nation board.', 'NAT-SETUP-16');
  },
};

const growth: ChoiceSpec<'growth'> = {
  rule: 'NAT-DP-3',
  resolve(st, pd, pick, log) {
    const s = pd.s;
    const p = st.players[s]!;
    if (pick.take === 'worker') {
      takeWorker(p, pick.side);
      if (log)
        emit(log, 'nat.ev.growthWorker', { seat: s, side: pick.side ?? 'overflow' }, [
          'NAT-MAINT-11',
          'NAT-POP-5',
        ]);
    } else {
      const n = pd.d.amount;
      p.res[pick.res] += n;
      if (log)
        emit(log, 'nat.ev.growthRes', { seat: s, res: pick.res, n }, [
          'NAT-MAINT-11',
          'NAT-MAINT-12',
          'NAT-SETUP-3',
        ]);
    }
  },
  byDefault: (_st, pd) => findOr(pd.opts, (c) => c.take === 'res' && c.res === 'food'),
  refuse(st, pd, a) {
    const p = st.players[pd.s]!;
    if (a.take === 'worker') {
      if (!canTakeWorker(p))
        return fail(
          'growthNoWorker',
          'You have no worker left to take at growth: your population track and overflow are empty.',
          'NAT-MAINT-12',
        );
      if (p.overflow > 0)
        return fail(
          'growthOverflow',
          'Your worker comes from the overflow: there is no side to choose.',
          'NAT-POP-5',
        );
      return fail(
        'growthSide',
        'Take the worker from a side of your population track that still has one.',
        'NAT-POP-5',
      );
    }
    if (a.take === 'res' && a.res === 'books')
      return fail('growthBooks', 'Growth gives food, stone or gold, never books.', 'NAT-MAINT-12');
    return fail(
      'growth',
      'At growth take one worker, or resources of one type: food, stone or gold.',
      'NAT-MAINT-11',
    );
  },
};

const machiavelli: ChoiceSpec<'machiavelli'> = {
  rule: 'NAT-DP-22',
  resolve(st, pd, pick, log) {
    const chosen = pick.event;
    const other = st.shown.find((x) => x !== chosen)!;
    st.events[age(st) - 1]!.unshift(other); // to the bottom
    st.eventCard = chosen;
    if (log) emit(log, 'nat.ev.event', { card: chosen, machiavelli: pd.s }, ['NAT-MAINT-14', 'NAT-NOTE-5']);
  },
  refuse: () => fail('machiavelli', 'Choose one of the two event cards Machiavelli drew.', 'NAT-NOTE-5'),
};

const prodChoice: ChoiceSpec<'prodChoice'> = {
  rule: 'NAT-DP-14',
  resolve(st, pd, pick) {
    const t = st.stack[st.stack.length - 1];
    if (t?.t !== 'prod') return;
    t.nets[pd.s]![pick.res] += pd.d.n;
  },
  refuse: () => fail('gainChoice', 'Choose one of the resource types the card offers.', 'NAT-DP-14'),
};

const subst: ChoiceSpec<'subst'> = {
  rule: 'NAT-DP-14',
  resolve(st, pd, pick, log) {
    addBag(st.players[pd.s]!.res, pick.lose, -1);
    if (log) emit(log, 'nat.ev.subst', { seat: pd.s, lose: pick.lose }, ['NAT-SHORT-5', 'NAT-SHORT-6']);
  },
  byDefault(_st, pd) {
    // gold first, then stone, then food
    let best = pd.opts[0]!;
    let key = -1;
    for (const c of pd.opts) {
      const b = c.lose;
      const k = (b.gold ?? 0) * 10000 + (b.stone ?? 0) * 100 + (b.food ?? 0);
      if (k > key) {
        key = k;
        best = c;
      }
    }
    return best;
  },
  refuse: (_st, pd) =>
    fail(
      'substLose',
      `Lose exactly ${pd.d.m} of the gold, stone and food you hold for the missing books.`,
      'NAT-SHORT-5',
      { m: pd.d.m },
    ),
};

const warSpread: ChoiceSpec<'warSpread'> = {
  rule: 'NAT-DP-15',
  resolve(st, pd, pick) {
    const items: Array<[Res, number]> = [];
    for (const r of PAY_ORDER) if (pick.loss[r]) items.push([r, pick.loss[r]]);
    st.stack.push({ t: 'pay', s: pd.s, items, i: 0 });
  },
  byDefault(st, pd) {
    // NAT-DP-26: reduce the war card's own loss type first, then gold, food, stone, books.
    const own = st.war ? RES4.filter((r) => (card(st.war!.id).war?.loss[r] ?? 0) > 0) : [];
    const prio = [...own, ...PAY_ORDER.filter((r) => !own.includes(r))];
    let best = pd.opts[0]!;
    for (const c of pd.opts) {
      const a = c.loss;
      const b = best.loss;
      const r = prio.find((x) => (a[x] ?? 0) !== (b[x] ?? 0));
      if (r && (a[r] ?? 0) < (b[r] ?? 0)) best = c;
    }
    return best;
  },
  refuse: () =>
    fail(
      'warSpread',
      'Spread your stability over the war’s loss types: the reduction in all, each type at most its loss.',
      'NAT-WARRES-3',
    ),
};

// ================================================================ acquired cards

const place: ChoiceSpec<'place'> = {
  rule: 'NAT-DP-5',
  resolve(st, pd, pick, log) {
    const s = pd.s;
    const p = st.players[s]!;
    const { slot } = pick;
    const { id, u } = pd.d;
    const old = p.row[slot];
    if (old) {
      const oc = card(old.id);
      const nc = card(id);
      removeInst(st, s, old.u, 'covered', log);
      if (log)
        emit(log, 'nat.ev.cover', { seat: s, card: old.id, by: id }, ['NAT-BLD-1', 'NAT-BLD-3', 'NAT-GEN-4']);
      fireTriggers(st, 'coverCard', s, {
        coveredType: oc.type,
        newType: nc.type,
        laterAge: nc.age > oc.age,
      });
    }
    p.row[slot] = { id, u, w: 0 };
    if (log) emit(log, 'nat.ev.place', { seat: s, card: id, slot }, ['NAT-BLD-1', 'NAT-MIL-1']);
  },
  refuse(st, pd, a) {
    const p = st.players[pd.s]!;
    const slot = a.slot;
    if (typeof slot !== 'number' || !Number.isInteger(slot) || slot < 0 || slot >= p.row.length)
      return fail('placeSlot', 'Your building and military row has no such slot.', 'NAT-BLD-1');
    const max = board(p).slots.maxMilitary;
    return fail(
      'placeMilitary',
      `You already have ${max} military cards: a new military card must cover one of them.`,
      'NAT-MIL-2',
      { max },
    );
  },
};

/** Removes the chosen card (advisor or colony given up, a card an effect removes). */
function removeChosen(rule: string) {
  return (st: NatState, pd: { s: number }, pick: { remove: number }, log: EventSink): void => {
    const p = st.players[pd.s]!;
    const id = cardIdOf(p, pick.remove);
    removeInst(st, pd.s, pick.remove, 'choice', log);
    if (log) emit(log, 'nat.ev.removed', { seat: pd.s, card: id }, [rule]);
  };
}

const advisorOut: ChoiceSpec<'advisorOut'> = {
  rule: 'NAT-DP-6',
  resolve: removeChosen('NAT-ADV-2'),
  refuse(st, pd, a) {
    if (a.remove === pd.d.u)
      return fail(
        'advisorNew',
        'The new advisor always stays: choose which of your other advisors leaves.',
        'NAT-ADV-2',
      );
    const n = advisorCap(st, pd.s);
    return fail(
      'advisorFull',
      `You can have only ${n} advisors: choose which of your other advisors leaves.`,
      'NAT-ADV-2',
      { n },
    );
  },
};

const colonyOut: ChoiceSpec<'colonyOut'> = {
  rule: 'NAT-DP-7',
  resolve: removeChosen('NAT-COL-4'),
  refuse(st, pd, a) {
    if (a.remove === pd.d.u)
      return fail(
        'colonyNew',
        'The new colony is always kept: choose which of your other colonies you give up.',
        'NAT-COL-4',
      );
    const n = colonyCap(st, pd.s);
    return fail(
      'colonyFull',
      `You can have only ${n} colonies: choose which of your other colonies you give up.`,
      'NAT-COL-4',
      { n },
    );
  },
};

const removeCard: ChoiceSpec<'removeCard'> = {
  rule: 'NAT-DP-17',
  resolve: removeChosen('NAT-DP-17'),
  // NAT-DP-26: the lowest printed VP, ties to the oldest.
  byDefault: (st, pd) => lowestVp(pd.opts, (c) => cardIdOf(st.players[pd.s]!, c.remove)),
  refuse: () => fail('removeWhich', 'Choose one of your cards of the kind named by the effect.', 'NAT-DP-17'),
};

const battle: ChoiceSpec<'battle'> = {
  rule: 'NAT-DP-8',
  resolve(st, pd, pick, log) {
    const r = pd.d.r;
    st.players[pd.s]!.res[pick.res] += r;
    if (log) emit(log, 'nat.ev.battle', { seat: pd.s, res: pick.res, n: r }, ['NAT-BAT-2', 'NAT-BAT-4']);
  },
  refuse: () => fail('battleRes', 'A battle gives one of the resource types shown on the card.', 'NAT-BAT-2'),
};

const golden: ChoiceSpec<'golden'> = {
  rule: 'NAT-DP-9',
  resolve(st, pd, pick, log) {
    const s = pd.s;
    const c = card(pd.d.id);
    if ('pay' in pick) {
      voluntaryPay(st, s, pick.pay, log);
      changeVp(st, s, 1);
      if (log) emit(log, 'nat.ev.goldenVp', { seat: s, pay: pick.pay }, ['NAT-GA-1', 'NAT-GA-2']);
    } else if ('hook' in pick) {
      goldenHook(st, s, pick.hook, log);
    } else if (pick.res !== 'none') {
      const bag: Bag = { ...c.goldenAge!.gain };
      bag[pick.res] = (bag[pick.res] ?? 0) + pd.d.bonus;
      gain(st, s, bag);
      if (log) emit(log, 'nat.ev.goldenRes', { seat: s, bag }, ['NAT-GA-1', 'NAT-GA-3']);
    }
  },
  refuse(_st, pd, a) {
    if (!has(a, 'pay'))
      return fail(
        'golden',
        'Take the resources printed on the golden age, or pay its price for 1 VP.',
        'NAT-GA-1',
      );
    const bag = a.pay;
    const cost = pd.d.cost;
    let sum = 0;
    let sane = !!bag && typeof bag === 'object';
    if (bag && typeof bag === 'object')
      for (const [r, n] of Object.entries(bag)) {
        if (!RES4.includes(r as Res) || typeof n !== 'number' || !Number.isInteger(n) || n < 0) sane = false;
        else sum += n;
      }
    if (sane && sum !== cost)
      return fail(
        'goldenPrice',
        `A golden age gives at most 1 VP, and that VP costs exactly ${cost} resources.`,
        'NAT-GA-2',
        { cost },
      );
    if (sane) return fail('goldenAfford', 'You do not hold those resources.', 'NAT-GA-4');
    return fail('goldenPay', 'Pay the VP with gold, stone, food and books, in whole units.', 'NAT-GA-1');
  },
};

const cover: ChoiceSpec<'cover'> = {
  rule: 'NAT-DP-12',
  resolve(st, pd, pick, log) {
    const s = pd.s;
    const p = st.players[s]!;
    if (pick.cover !== null) {
      const id = cardIdOf(p, pick.cover);
      removeInst(st, s, pick.cover, 'covered', log);
      if (log) emit(log, 'nat.ev.cover', { seat: s, card: id, by: pd.d.id }, ['NAT-WON-6']);
    }
    p.wonders.push({ id: pd.d.id, u: pd.d.u, w: 0 });
  },
  byDefault(st, pd) {
    const free = pd.opts.find((c) => c.cover === null);
    if (free) return free;
    // NAT-DP-26: the completed wonder with the lowest printed VP, ties to the leftmost.
    return lowestVp(pd.opts, (c) => cardIdOf(st.players[pd.s]!, c.cover!));
  },
  refuse(st, pd, a) {
    if (has(a, 'cover') && a.cover === null) {
      const n = wonderCap(st, pd.s);
      return fail(
        'wonderFull',
        `Your completed-wonders area is full (${n}): the new wonder must cover one of your completed wonders.`,
        'NAT-WON-6',
        { n },
      );
    }
    return fail('coverWhich', 'The new wonder can cover only one of your completed wonders.', 'NAT-WON-6');
  },
};

// ================================================================ the card vocabulary's choices

const gainChoice: ChoiceSpec<'gainChoice'> = {
  rule: 'NAT-DP-13',
  resolve(st, pd, pick, log) {
    gain(st, pd.s, { [pick.res]: pd.d.n });
    if (log)
      emit(log, 'nat.ev.gain', { seat: pd.s, bag: { [pick.res]: pd.d.n }, src: pd.d.src }, ['NAT-DP-13']);
  },
  refuse: () => fail('gainChoice', 'Choose one of the resource types the card offers.', 'NAT-DP-13'),
};

const choiceOf: ChoiceSpec<'choice'> = {
  rule: 'NAT-DP-17',
  resolve(st, pd, pick) {
    const d = pd.d;
    if ('pre' in d) {
      storePre(st, d.pre, pd.s, { branch: pick.branch });
      return;
    }
    pushEffects(st, pd.s, d.branches[pick.branch]!, d.ctx);
  },
  refuse(_st, pd, a) {
    const b = a.branch;
    if (typeof b === 'number' && Number.isInteger(b) && b >= 0 && !offered(pd, a, 'branch')) {
      const n = 'branches' in pd.d ? pd.d.branches.length : 0;
      if (b < n)
        return fail(
          'branchUseless',
          'That option would change nothing while another would: it is not available.',
          'NAT-RES-7',
        );
    }
    return fail('branch', 'Choose one of the options the card gives.', 'NAT-DP-17');
  },
};

const offer: ChoiceSpec<'offer'> = {
  rule: 'NAT-DP-19',
  resolve(st, pd, pick, log) {
    const d = pd.d;
    if (d.pre !== undefined) {
      storePre(st, d.pre, pd.s, { accept: pick.accept });
      return;
    }
    offerOutcome(st, pd.s, d.offer, pick.accept, d.ctx, log);
  },
  byDefault: (_st, pd) => findOr(pd.opts, (c) => c.accept === false),
  refuse: () => fail('offerAnswer', 'Accept or decline the offer.', 'NAT-RES-6'),
};

const gainSide: ChoiceSpec<'gainSide'> = {
  rule: 'NAT-DP-17',
  resolve(st, pd, pick, log) {
    takeWorker(st.players[pd.s]!, pick.side);
    if (log) emit(log, 'nat.ev.gainWorker', { seat: pd.s, side: pick.side }, ['NAT-POP-5']);
  },
  byDefault: (_st, pd) => findOr(pd.opts, (c) => c.side === 'food'),
  refuse: () =>
    fail('gainSide', 'Take the worker from a side of your population track that still has one.', 'NAT-POP-5'),
};

const loseWorker: ChoiceSpec<'loseWorker'> = {
  rule: 'NAT-DP-17',
  resolve(st, pd, pick, log) {
    const p = st.players[pd.s]!;
    const { from, side } = pick;
    if (from === -1) p.idle--;
    else p.row[from]!.w--;
    if (side === 'food') p.foodFilled++;
    else if (side === 'stability') p.stabFilled++;
    else p.overflow++;
    if (log) emit(log, 'nat.ev.loseWorker', { seat: pd.s, from, side }, ['NAT-POP-6', 'NAT-EVENT-7']);
  },
  byDefault(st, pd) {
    // NAT-DP-26: an idle worker, else the one whose loss costs the least strength and stability (leftmost);
    // NAT-DP-25: it returns to the stability side first.
    const p = st.players[pd.s]!;
    let from = -1;
    if (p.idle <= 0) {
      let least = Infinity;
      const both = () => strength(st, pd.s) + stability(st, pd.s);
      p.row.forEach((r, i) => {
        if (!r || r.w <= 0) return;
        const before = both();
        r.w--;
        const cost = before - both();
        r.w++;
        if (cost < least) {
          least = cost;
          from = i;
        }
      });
    }
    const rank = (c: OptOf<'loseWorker'>) => (c.side === 'stability' ? 0 : c.side === 'food' ? 1 : 2);
    const mine = pd.opts.filter((c) => c.from === from).sort((a, b) => rank(a) - rank(b));
    return mine[0] ?? pd.opts[0]!;
  },
  refuse(_st, pd, a) {
    if (!offered(pd, a, 'from'))
      return fail('loseFrom', 'Choose one of your workers: an idle one or one on a card.', 'NAT-POP-6');
    return fail(
      'loseSide',
      'The worker returns to a side of your track with an empty space (to the overflow only when both are full).',
      'NAT-POP-6',
    );
  },
};

const freeArch: ChoiceSpec<'freeArch'> = {
  rule: 'NAT-DP-20',
  resolve(st, pd, pick, log) {
    if (pd.d.pre !== undefined) {
      storePre(st, pd.d.pre, pd.s, { n: pick.n });
      return;
    }
    placeFreeArchitects(st, pd.s, pick.n, log);
  },
  byDefault: (_st, pd) => findOr(pd.opts, (c) => c.n === 0),
  refuse(st, pd) {
    if (!st.players[pd.s]!.wip)
      return fail(
        'freeArchNone',
        'You have no wonder under construction: no free architect can be placed.',
        'NAT-ARCH-6',
      );
    return fail(
      'freeArch',
      'Place none of the free architects, or as many as the effect offers.',
      'NAT-NOTE-16',
    );
  },
};

const deployFree: ChoiceSpec<'deployFree'> = {
  rule: 'NAT-DP-17',
  resolve(st, pd, pick, log) {
    const s = pd.s;
    const d = pd.d;
    const picks = [...d.picks];
    const pre = d.pre;
    if ('stop' in pick) {
      if (pre !== null) storePre(st, pre, s, { picks });
      return;
    }
    const { from, to } = pick;
    if (pre !== null) {
      // Decided now, applied later in player order (NAT-EVENT-14).
      picks.push([from, to]);
      const left = d.left - 1;
      if (left <= 0) storePre(st, pre, s, { picks });
      else askDeployFree(st, s, left, d.onto, true, d.ctx, pre, log, picks);
      return;
    }
    deploy(st, s, from, to, true, log);
    const left = d.left - 1;
    if (left > 0) askDeployFree(st, s, left, d.onto, d.optional, d.ctx, null, log);
  },
  byDefault: (_st, pd) => findOr(pd.opts, (c) => 'stop' in c),
  refuse(st, pd, a) {
    if (has(a, 'stop')) return fail('deployStop', 'This free deployment is not optional.', 'NAT-EVENT-14');
    const e = deployError(st, pd.s, a.from as number, a.to as number, true, ontoTypes(pd.d.onto));
    if (e) return e;
    return fail(
      'deployFree',
      pd.d.onto === 'bought'
        ? 'The free worker goes only onto the card just bought.'
        : 'Deploy a worker you have onto another card the effect allows.',
      'NAT-EVENT-14',
    );
  },
};

const undeployFor: ChoiceSpec<'undeployFor'> = {
  rule: 'NAT-DP-17',
  resolve(st, pd, pick, log) {
    const d = pd.d;
    const picks = [...d.picks];
    if ('stop' in pick) {
      finishUndeployFor(st, pd.s, d.e, picks, d.ctx, d.pre);
      return;
    }
    picks.push([pick.slot]);
    askUndeployFor(st, pd.s, d.e, picks, d.ctx, d.pre, log);
  },
  byDefault: (_st, pd) => findOr(pd.opts, (c) => 'stop' in c),
  refuse: () =>
    fail(
      'undeployFor',
      'Take a worker off a card of the kind the effect names that still has one, or stop.',
      'NAT-EVENT-14',
    ),
};

const takeFree: ChoiceSpec<'takeFree'> = {
  rule: 'NAT-DP-22',
  resolve(st, pd, pick, log) {
    if (log) emit(log, 'nat.ev.takeFree', { seat: pd.s }, ['NAT-NOTE-30']);
    buy(st, pd.s, pick.row, pick.col, true, log);
  },
  refuse(st, pd, a) {
    const types = takeFreeTypes(pd.d.src);
    const e = buyError(st, pd.s, a.row as number, a.col as number, true, types ?? undefined);
    if (e) return e;
    return fail('takeFree', 'Choose one of the cards this effect can take.', 'NAT-NOTE-30');
  },
};

const swap: ChoiceSpec<'swap'> = {
  rule: 'NAT-DP-22',
  resolve(st, pd, pick, log) {
    const [a, b] = pick.swap;
    const x = st.board[a]!;
    st.board[a] = st.board[b]!;
    st.board[b] = x;
    if (log) emit(log, 'nat.ev.swap', { seat: pd.s, a, b }, ['NAT-NOTE-36']);
  },
  refuse: () => fail('swap', 'Choose two different cards on the progress board to swap.', 'NAT-NOTE-36'),
};

const turk: ChoiceSpec<'turk'> = {
  rule: 'NAT-DP-22',
  resolve(st, pd, pick, log) {
    // NAT-MODEL-14: the completed Mechanical Turk moves, instance and all, to the receiver's wonders; its
    // production (−4 gold) now burdens the receiver. Its completion VP stays with the giver.
    const p = st.players[pd.s]!;
    const i = p.wonders.findIndex((x) => x.u === pd.d.u);
    if (i < 0) return;
    const [w] = p.wonders.splice(i, 1);
    st.players[pick.give]!.wonders.push(w!);
    if (log)
      emit(log, 'nat.ev.turk', { seat: pd.s, receiver: pick.give, card: w!.id }, [
        'NAT-MODEL-13',
        'NAT-MODEL-14',
      ]);
  },
  refuse: () =>
    fail(
      'turk',
      'The Mechanical Turk goes to a less stable nation with room for a completed wonder.',
      'NAT-MODEL-14',
    ),
};

/** Every kind of pending decision and its object: a missing or misspelt kind is a compile error. */
const SPECS: { readonly [K in ChoiceKind]: ChoiceSpec<K> } = {
  nation,
  growth,
  machiavelli,
  place,
  advisorOut,
  colonyOut,
  removeCard,
  battle,
  golden,
  cover,
  gainChoice,
  prodChoice,
  subst,
  warSpread,
  offer,
  choice: choiceOf,
  gainSide,
  loseWorker,
  freeArch,
  deployFree,
  undeployFor,
  takeFree,
  swap,
  turk,
};

/** The kit's nodes of the pending decisions, one per kind. */
export const CHOICE_NODES: { readonly [K in ChoiceKind]: Node<NatState, { k: K }, NatAction> } = {
  nation: choice('nation', nation),
  growth: choice('growth', growth),
  machiavelli: choice('machiavelli', machiavelli),
  place: choice('place', place),
  advisorOut: choice('advisorOut', advisorOut),
  colonyOut: choice('colonyOut', colonyOut),
  removeCard: choice('removeCard', removeCard),
  battle: choice('battle', battle),
  golden: choice('golden', golden),
  cover: choice('cover', cover),
  gainChoice: choice('gainChoice', gainChoice),
  prodChoice: choice('prodChoice', prodChoice),
  subst: choice('subst', subst),
  warSpread: choice('warSpread', warSpread),
  offer: choice('offer', offer),
  choice: choice('choice', choiceOf),
  gainSide: choice('gainSide', gainSide),
  loseWorker: choice('loseWorker', loseWorker),
  freeArch: choice('freeArch', freeArch),
  deployFree: choice('deployFree', deployFree),
  undeployFor: choice('undeployFor', undeployFor),
  takeFree: choice('takeFree', takeFree),
  swap: choice('swap', swap),
  turk: choice('turk', turk),
};

/** Resolves a (removed) pending decision with `pick` without running the round on (tests). */
export function resolveForTest(st: NatState, pd: Pending, pick: Choose): void {
  st.pending = pd;
  resolveChoice(st, pick, undefined);
}

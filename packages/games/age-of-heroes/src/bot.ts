/**
 * A rule-based Age of Heroes bot. It sees only its own view and picks among its legal actions:
 * it grows cities and its monument, defends with fortresses and generals, strikes tribes that cannot
 * defend, trades away dead cards and answers disasters with Luck when they hurt.
 */
import type { Bot, BotContext } from '@tabula/engine';
import type { AohAction, AohView, CardId, PlayerView } from './types.js';

type Ctx = BotContext<AohView, AohAction>;

function count(cards: readonly CardId[], id: CardId): number {
  let n = 0;
  for (const c of cards) if (c === id) n++;
  return n;
}

/** Each configuration's tribe → special card, built once (asked for every card of a hand, thousands a decision). */
const specials = new WeakMap<AohView['config'], Map<string | null, CardId | undefined>>();

function specialOf(v: AohView, s: number): CardId | undefined {
  let m = specials.get(v.config);
  if (!m) specials.set(v.config, (m = new Map(v.config.tribes.map((x) => [x.id, x.special]))));
  return m.get(v.players[s]!.tribe);
}

function find<T extends AohAction['type']>(
  legal: AohAction[],
  type: T,
  pred: (a: Extract<AohAction, { type: T }>) => boolean = () => true,
): Extract<AohAction, { type: T }> | undefined {
  return legal.find((a) => a.type === type && pred(a as Extract<AohAction, { type: T }>)) as
    Extract<AohAction, { type: T }> | undefined;
}

/** Strength of a tribe at home: available armies, generals count double, fortresses help. */
function defence(p: PlayerView): number {
  let d = 0;
  for (const a of p.armies) if (a.status === 'home' && a.quakes.length === 0) d += a.general ? 1.6 : 1;
  return d + p.fortresses * 0.5;
}

function threat(v: AohView, me: number): number {
  let t = 0;
  for (const p of v.players)
    if (p.alive && p.seat !== me) t = Math.max(t, p.armies.filter((a) => a.status === 'home').length);
  return t;
}

function score(p: PlayerView, v: AohView): number {
  return Math.max(p.cities / v.config.victory.cities, p.monument / v.config.victory.monumentCards);
}

export function chooseAction(ctx: Ctx): AohAction {
  const { view: v, legal, seat } = ctx;
  const me = v.players[seat]!;
  const hand = me.hand ?? [];
  const kind = ctx.prompt.kind;
  const own = specialOf(v, seat);
  const first = legal[0]!;
  switch (kind) {
    case 'aoh.tribe':
      return first;
    case 'aoh.action': {
      const build = find(legal, 'build');
      if (build && wantsToBuild(v, seat)) return build;
      const war = pickWar(v, seat, legal);
      if (war) return war;
      if (me.cities > 0) return find(legal, 'taxes') ?? first;
      // Without cities the swap helps only if we hold a dead card.
      if (hand.some((c) => isDead(v, seat, c))) return find(legal, 'taxes') ?? first;
      return find(legal, 'pass') ?? first;
    }
    case 'aoh.swap': {
      const dead = hand.find((c) => isDead(v, seat, c));
      return (dead && find(legal, 'swap', (a) => a.card === dead)) || find(legal, 'swapSkip') || first;
    }
    case 'aoh.build': {
      const builds = legal.filter((a) => a.type === 'buildItem') as Extract<
        AohAction,
        { type: 'buildItem' }
      >[];
      const pay = (item: string) =>
        builds.filter((a) => a.item === item).sort((x, y) => count(x.pay, 'gold') - count(y.pay, 'gold'))[0];
      const armies = me.armies.length;
      const t = threat(v, seat);
      const order: (string | null)[] = [
        'city',
        me.armies.some((a) => !a.general) ? 'general' : null,
        armies < Math.max(2, t) ? 'army' : null,
        me.fortresses < 2 ? 'fortress' : null,
        'road',
        armies < 4 ? 'army' : null,
      ];
      for (const item of order) {
        if (!item) continue;
        // Save Stone and Wood for cities when a city is close.
        if (item !== 'city' && cityReach(hand) <= 1 && (item === 'road' || item === 'fortress')) continue;
        const b = pay(item);
        if (b) return b;
      }
      return find(legal, 'buildDone') ?? first;
    }
    case 'aoh.consent':
      // Roads help both ends draw more cards; refuse only the leader.
      return (
        find(
          legal,
          'consent',
          (a) => a.accept === !isLeader(v, (ctx.prompt.args?.builder as number) ?? -1, seat),
        ) ?? first
      );
    case 'aoh.warDraft': {
      const d = v.draft!;
      const add = find(legal, 'warArmy');
      if (add) return add;
      const gen = find(legal, 'warHero', (a) => a.host >= 0);
      if (gen && d.heroes.length === 0) return gen;
      // No army to send: a Mighty Hero fights as a Hero-army (else war → cancel would loop forever).
      const heroArmy = find(legal, 'warHero', (a) => a.host === -1);
      if (heroArmy && d.armies.length === 0 && d.heroes.length === 0) return heroArmy;
      return find(legal, 'warDeclare') ?? find(legal, 'warCancel') ?? first;
    }
    case 'aoh.response': {
      const w = v.war!;
      const attackers = w.attacker < 0 ? 1 : w.armies.length + w.heroesA.filter((h) => h === -1).length;
      const mine = defence(me);
      const cancel = find(legal, 'luck') ?? find(legal, 'olympics');
      if (cancel && attackers > mine) return cancel;
      if (attackers >= mine) {
        // Every Hero held: generals on the uncovered armies first, the rest as armies.
        const held = count(hand, 'mighty_hero');
        const generals = me.armies
          .filter((a) => a.status === 'home' && a.quakes.length === 0 && !a.general)
          .map((a) => a.id)
          .slice(0, held);
        const heroes = [...new Array<number>(held - generals.length).fill(-1), ...generals].sort(
          (x, y) => x - y,
        );
        const same = (a: { heroes: number[] }) =>
          a.heroes.length === heroes.length && a.heroes.every((h, i) => h === heroes[i]);
        const respond = held > 0 ? find(legal, 'respond', same) : undefined;
        if (respond) return respond;
      }
      return find(legal, 'pass') ?? first;
    }
    case 'aoh.quakeTarget': {
      // Strike the strongest rival.
      let best = first,
        bs = -1;
      for (const a of legal) {
        if (a.type !== 'quakeTarget') continue;
        const owner = v.players.find((p) => p.armies.some((x) => x.id === a.army))!;
        const s = score(owner, v) * 10 + defence(owner);
        if (s > bs) {
          bs = s;
          best = a;
        }
      }
      return best;
    }
    case 'aoh.volcanoTarget': {
      let best = first,
        bs = -1;
      for (const a of legal)
        if (a.type === 'volcanoTarget' && score(v.players[a.seat]!, v) > bs) {
          bs = score(v.players[a.seat]!, v);
          best = a;
        }
      return best;
    }
    case 'aoh.luck': {
      const card = ctx.prompt.args?.card as string;
      const luck = find(legal, 'luck');
      if (!luck) return find(legal, 'pass') ?? first;
      if (card === 'volcano') return luck;
      if (card === 'famine') return count(hand, 'grain') >= 2 ? luck : (find(legal, 'pass') ?? first);
      if (card === 'earthquake') return me.armies.length <= 1 ? luck : (find(legal, 'pass') ?? first);
      return find(legal, 'pass') ?? first;
    }
    case 'aoh.place': {
      // Highest cards first, led units first.
      const w = v.war!;
      let best: AohAction | undefined,
        bs = -1;
      for (const a of legal) {
        if (a.type !== 'place') continue;
        const s = a.card * 10 + (w.units[a.unit]!.lead ? 5 : 0) - a.unit * 0.01;
        if (s > bs) {
          bs = s;
          best = a;
        }
      }
      return best ?? first;
    }
    case 'aoh.duel': {
      // Send the strongest unit first; the weakest last.
      const w = v.war!;
      let best: AohAction | undefined,
        bs = -1;
      for (const a of legal) {
        if (a.type !== 'duel') continue;
        const u = w.units[a.unit]!;
        const s = (u.card ?? 0) + (u.lead ? 2 : 0);
        if (s > bs) {
          bs = s;
          best = a;
        }
      }
      return best ?? first;
    }
    case 'aoh.monument': {
      let best = first;
      for (const a of legal)
        if (a.type === 'monument' && (best.type !== 'monument' || a.count > best.count)) best = a;
      return best;
    }
    case 'aoh.discard': {
      const ranked = hand.slice().sort((a, b) => keepValue(v, seat, a, hand) - keepValue(v, seat, b, hand));
      for (const c of ranked) {
        const a = find(legal, 'discard', (x) => x.card === c);
        if (a) return a;
      }
      return first;
    }
    case 'aoh.trade':
      return trade(ctx, own);
    default:
      return first;
  }
}

function isLeader(v: AohView, s: number, me: number): boolean {
  if (s < 0) return false;
  const sc = score(v.players[s]!, v);
  return sc >= 0.8 && v.players.every((p) => p.seat === s || p.seat === me || score(p, v) <= sc);
}

/** How many cities the hand could pay for (Stone + 2 Wood, Gold as wildcard). */
function cityReach(hand: readonly CardId[]): number {
  let s = count(hand, 'stone'),
    w = count(hand, 'wood'),
    g = count(hand, 'gold'),
    n = 0;
  for (;;) {
    let need = 0;
    if (s >= 1) s--;
    else need++;
    const ww = Math.min(w, 2);
    w -= ww;
    need += 2 - ww;
    if (need > g) return n;
    g -= need;
    n++;
  }
}

function wantsToBuild(v: AohView, seat: number): boolean {
  const me = v.players[seat]!;
  const hand = me.hand ?? [];
  if (v.supply.city > 0 && cityReach(hand) > 0) return true;
  const ord = hand.filter((c) => v.config.cardClasses.ordinary.includes(c)).length;
  if (
    me.armies.length < 2 &&
    count(hand, 'iron') + count(hand, 'gold') >= 1 &&
    count(hand, 'grain') + count(hand, 'gold') >= 2 &&
    ord >= 3
  )
    return true;
  return ord >= 6;
}

function isDead(v: AohView, seat: number, c: CardId): boolean {
  return v.config.cardClasses.special.includes(c) && c !== specialOf(v, seat);
}

const KEEP_BASE: Record<string, number> = { stone: 50, wood: 48, iron: 35, grain: 30 };

/** Higher = keep. */
function keepValue(v: AohView, seat: number, c: CardId, hand: readonly CardId[]): number {
  if (c === specialOf(v, seat)) return 100;
  if (c === 'luck' || c === 'olympic_games') return 80;
  if (c === 'mighty_hero') return 70;
  if (c === 'gold') return 60;
  if (isDead(v, seat, c)) return 0;
  return (KEEP_BASE[c] ?? 20) - count(hand, c) * 6;
}

/** A war only where it pays: the target cannot match our available force. */
function pickWar(v: AohView, seat: number, legal: AohAction[]): AohAction | undefined {
  const me = v.players[seat]!;
  const hand = me.hand ?? [];
  const mine =
    me.armies.filter((a) => a.status === 'home' && a.quakes.length === 0).length + count(hand, 'mighty_hero');
  if (mine === 0) return undefined;
  let best: AohAction | undefined,
    bs = 0;
  for (const a of legal) {
    if (a.type !== 'war') continue;
    const t = v.players[a.target]!;
    const def = defence(t);
    const edge = mine - def;
    if (edge < 1) continue;
    let value = 0;
    if (a.objective === 'conquest')
      value = t.cities > 0 && edge >= 2 ? 6 * Math.min(t.cities, Math.floor(edge / 2)) : 0;
    else if (a.objective === 'razing') value = t.monument >= 3 ? 5 + t.monument : 0;
    else value = Math.min(t.handCount, 2 * edge) * 1.2;
    // Leave a defender at home when others are strong.
    if (mine - 1 < threat(v, seat) && value < 6) value -= 2;
    if (value > bs) {
      bs = value;
      best = a;
    }
  }
  return best;
}

function trade(ctx: Ctx, own: CardId | undefined): AohAction {
  const { view: v, legal, seat } = ctx;
  const me = v.players[seat]!;
  const hand = me.hand ?? [];
  const m = v.market!;
  const d = m.draft;
  if (d) {
    // Draft: give one dead card, ask for our special (or Wood/Stone), then post.
    if (d.give.length === 0) {
      const dead = hand.find((c) => isDead(v, seat, c));
      const g = dead && find(legal, 'offerGive', (a) => a.card === dead);
      if (g) return g;
    }
    if (d.receive.length === 0) {
      const want = own && count(hand, own) < 5 ? own : cityReach(hand) === 0 ? 'wood' : 'stone';
      const w = find(legal, 'offerWant', (a) => a.card === want);
      if (w) return w;
    }
    return find(legal, 'offerPost') ?? find(legal, 'offerDrop') ?? legal[0]!;
  }
  // Accept offers that give us useful cards for dead or surplus ones.
  for (const o of m.offers) {
    const acc = find(legal, 'accept', (a) => a.offer === o.id);
    if (!acc) continue;
    const gain = o.give.reduce((s, c) => s + keepValue(v, seat, c, hand), 0);
    const loss = o.receive.reduce((s, c) => s + keepValue(v, seat, c, hand), 0);
    if (gain > loss + 5) return acc;
  }
  const dec = find(legal, 'decline');
  if (dec) return dec;
  const mineOpen = m.offers.filter((o) => o.from === seat).length;
  if (mineOpen === 0 && !m.ready[seat] && hand.some((c) => isDead(v, seat, c)) && m.myInputs < 6) {
    const n = find(legal, 'offerNew');
    if (n) return n;
  }
  return find(legal, 'ready') ?? legal[0]!;
}

export function heuristicBot(): Bot<AohView, AohAction> {
  return { name: 'heuristic', choose: chooseAction };
}

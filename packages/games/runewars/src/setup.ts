/**
 * Setup (01-setup.md): the first player (RW-SETUP-02/03), factions (RW-SETUP-04, RW-DP-02), the board
 * (a preset of the pack, or tiles placed by the players: board.ts), setup runes (RW-MAP-17/18,
 * RW-DP-05), home realms (RW-MAP-19..23, RW-DP-06), neutrals and cities (RW-MAP-24/25), the Quest deck
 * (RW-SETUP-06/07), starting dials (RW-SETUP-08), strongholds and starting units (RW-SETUP-09/10,
 * RW-DP-07), starting hands and influence (RW-SETUP-14..16). The starting hero (RW-SETUP-11, RW-DP-08)
 * waits for heroes (M4).
 */
import type { ApplyResult, Decision, EventSink, Seat } from '@tabula/engine';
import { emit, OK, seedRng, shuffle } from '@tabula/engine';
import {
  addUnits,
  board,
  boardKey,
  ctrl,
  drawQuests,
  drawTactics,
  fail,
  lookAtControlled,
  newHandle,
  pk,
  see,
  unitsOf,
  only,
} from './common.js';
import { lattDist } from './pack.js';
import { placeExploration } from './explore.js';
import type { Pack } from './pack.js';
import type { Frame, PlayerState, RwAction, RwOptions, RwState } from './types.js';

export const RULES_VERSION = '0.6.0';

type F<K extends Frame['k']> = Extract<Frame, { k: K }>;

/**
 * A new packed array of `k` times `v` (not `new Array(k).fill(v)`, which V8 keeps holey: the board's arrays
 * are read at every step), copied from a template kept per length and value.
 */
const templates = new Map<number, number[]>();
function filled(k: number, v: number): number[] {
  const key = k * 4 + v + 1;
  let t = templates.get(key);
  if (!t) {
    t = [];
    for (let i = 0; i < k; i++) t.push(v);
    templates.set(key, t);
  }
  return t.slice();
}

export function setupState(opts: RwOptions, n: number, seed: string, log: EventSink): RwState {
  const p = packOf2(opts);
  const A = p.areas.length;
  const fill = (v: number) => filled(A, v);
  const player = (): PlayerState => ({
    dial: [0, 0, 0],
    inf: 0,
    hand: 0b111111110,
    played: [],
    pick: 0,
    cur: 0,
    tac: [],
    quests: [],
    obj: -1,
    setupQuests: [],
    tacSeason: [],
    rec: 0,
    rune: -1,
    kn: [],
    out: 0,
  });
  const preset = opts.board === 'manual' || opts.board === 'random' ? -1 : presetIndex(p, opts, n);
  const st: RwState = {
    n,
    opts,
    preset,
    rng: seedRng(`runewars:${seed}`),
    first: 0,
    fac: filled(n, -1),
    year: 0,
    season: 0,
    card: -1,
    pos: fill(-1),
    rot: fill(0),
    bkey: '',
    markers: [],
    home: fill(-1),
    own: fill(-1),
    us: filled(A * p.U, 0),
    ur: filled(A * p.U, 0),
    sh: fill(-1),
    shd: fill(0),
    dev: fill(-1),
    city: fill(-1),
    rk: fill(-1),
    rh: fill(0),
    rup: fill(0),
    runePile: [p.rules.dragonRunes, p.rules.falseRunes],
    handles: 0,
    act: fill(0),
    p: Array.from({ length: n }, player),
    decks: {
      tactics: [],
      tacticsDiscard: [],
      quests: [],
      questDiscard: [],
      objectives: [[], []],
      seasons: [[], [], [], []],
      seasonDiscard: [],
      fate: [],
      fateDiscard: [],
    },
    vict: [-1, -1, -1, -1],
    titles: p.titles.map(() => -1),
    titleInf: p.titles.map(() => 0),
    cmd: 0,
    order: [],
    stack: [{ k: 'game', step: 1 }],
    over: null,
    score: null,
    // Always present (undefined but for a Blizzard's season): every state keeps one shape (hidden class).
    reach: undefined,
  };
  st.bkey = boardKey(st);
  // RW-SETUP-02: deal one Fate card to each player; the highest number is the first player.
  const fate = p.fate.map((_, i) => i);
  shuffle(st.rng, fate);
  let best = -1;
  const dealt: number[] = [];
  for (let s = 0; s < n; s++) {
    const c = fate[s]!;
    dealt.push(p.fate[c]!.id);
    if (best < 0 || p.fate[c]!.id > p.fate[fate[best]!]!.id) best = s;
  }
  st.first = best;
  emit(log, 'rw.ev.first', { seat: best, fate: dealt }, ['RW-SETUP-02', 'RW-SETUP-03']);
  // RW-SETUP-03/12: the dealt cards go back and every deck is shuffled.
  st.decks.fate = shuffle(st.rng, fate.slice());
  st.decks.tactics = shuffle(st.rng, p.tacticsDeck.slice());
  for (let s = 0; s < 4; s++)
    st.decks.seasons[s] = shuffle(
      st.rng,
      p.seasons.map((c, i) => (c.season === s ? i : -1)).filter((i) => i >= 0),
    );
  for (const good of [true, false])
    st.decks.objectives[good ? 0 : 1] = shuffle(
      st.rng,
      p.objectives.map((o, i) => (o.good === good ? i : -1)).filter((i) => i >= 0),
    );
  return st;
}

function packOf2(opts: RwOptions): Pack {
  return pk({ opts } as RwState);
}

export function presetIndex(p: Pack, opts: RwOptions, n: number): number {
  if (opts.preset) return p.presets.findIndex((b) => b.id === opts.preset);
  return p.presets.findIndex((b) => b.players === n);
}

/** Seats clockwise from `from` (RW-GEN-09). */
export function clockwise(st: RwState, from: Seat): Seat[] {
  return Array.from({ length: st.n }, (_, i) => (from + i) % st.n);
}

/** Pushes one frame per seat so that the first seat of `seats` decides first. */
export function pushInOrder(st: RwState, seats: Seat[], make: (s: Seat) => Frame): void {
  for (let i = seats.length - 1; i >= 0; i--) st.stack.push(make(seats[i]!));
}

/* ------------------------------------------------------------------ setup steps run by the game frame */

/** Board step 1 (RW-MAP-05/06): two Setup Quests face up to each player. */
export function dealSetupQuests(st: RwState, log: EventSink): void {
  const p = pk(st);
  const setupQ = shuffle(
    st.rng,
    p.quests.map((q, i) => (q.setup ? i : -1)).filter((i) => i >= 0),
  );
  for (const s of clockwise(st, st.first))
    for (let k = 0; k < p.rules.setupQuests && setupQ.length; k++) st.p[s]!.setupQuests.push(setupQ.pop()!);
  emit(log, 'rw.ev.setupQuests', { setup: st.p.map((x) => x.setupQuests.slice()) }, ['RW-MAP-05']);
  // Setup Quests not dealt go back to the Quest deck (RW-SETUP-06, RW-SETUP-19).
  st.decks.quests.push(...setupQ);
}

/** A preset board: every tile at its place (RW-SETUP-21: the pack's preset for the player count). */
export function placePreset(st: RwState, log: EventSink): void {
  const p = pk(st);
  const b = p.presets[st.preset]!;
  for (const t of b.tiles) placeTile(st, t.tile, t.q, t.r, t.rot, false);
  st.bkey = boardKey(st);
  st.markers = b.slots.map((_, i) => i);
  emit(log, 'rw.ev.preset', { board: b.id }, ['RW-SETUP-21', 'RW-SETUP-22']);
}

export function placeTile(st: RwState, tile: number, q: number, r: number, rot: number, rekey = true): void {
  const p = pk(st);
  for (const a of p.tiles[tile]!.areas) {
    const off = p.areas[a]!.off;
    const [dq, dr] = rotOff(off[0], off[1], rot);
    st.pos[a] = (q + dq + 32) * 64 + (r + dr + 32);
    st.rot[a] = rot;
  }
  if (rekey) st.bkey = boardKey(st);
}

function rotOff(q: number, r: number, rot: number): [number, number] {
  let a = q,
    b = r;
  for (let i = 0; i < rot; i++) {
    const t = a;
    a = -b;
    b = t + b;
  }
  return [a, b];
}

/** Lattice cells of the home realm setup markers still on the board (preset slots or placed markers). */
export function markerCells(st: RwState): number[] {
  const out: number[] = [];
  if (st.preset >= 0) {
    const b = pk(st).presets[st.preset]!;
    for (const m of st.markers) out.push(...b.slots[m]!.cells);
  } else out.push(...st.markers);
  return out;
}

/** Areas not adjacent to a marker, by board layout and markers (computed once per layout). */
const farFromMarkers = new Map<string, number[]>();
let lastBkey = '',
  lastMarkers: number[] = [],
  lastFar: number[] = [];

/** Areas where a setup rune may go (RW-MAP-18): on the board, no rune token, not adjacent to a marker. */
export function runeAreas(st: RwState): number[] {
  let far: number[] | undefined;
  if (st.bkey === lastBkey && sameList(st.markers, lastMarkers)) far = lastFar;
  else {
    const k = `${st.bkey}|${st.markers.join(',')}`;
    far = farFromMarkers.get(k);
    if (!far) {
      const cells = markerCells(st);
      far = [];
      for (const a of board(st).on) {
        let near = false;
        for (const c of cells) if (lattDist(c, st.pos[a]!) <= 1) near = true;
        if (!near) far.push(a);
      }
      if (farFromMarkers.size > 1024) farFromMarkers.clear();
      farFromMarkers.set(k, far);
    }
    lastBkey = st.bkey;
    lastMarkers = st.markers.slice();
    lastFar = far;
  }
  const out: number[] = [];
  for (const a of far) if (st.rk[a]! < 0 && st.home[a]! < 0) out.push(a);
  return out;
}

function sameList(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Board steps 7–8 and setup steps 4–5: neutrals, cities, the Quest deck, starting dials. */
export function populate(st: RwState, log: EventSink): void {
  const p = pk(st);
  const on = board(st).on;
  for (const a of on) for (const [u, c] of p.areas[a]!.neutrals) addUnits(st, a, u, c, -1);
  emit(log, 'rw.ev.neutrals', {}, ['RW-MAP-24', 'RW-DATA-04']);
  const tokens = shuffle(
    st.rng,
    p.cities.map((_, i) => i),
  );
  for (const a of on) if (p.areas[a]!.city) st.city[a] = tokens.pop()!;
  emit(log, 'rw.ev.cities', {}, ['RW-MAP-25']);
  if (st.opts.exploration === 'on') placeExploration(st, log); // RW-MAP-26
  // RW-SETUP-06/07: Quests naming an area not in play leave; the rest, with the Setup Quests, are shuffled.
  const all = p.quests.map((_, i) => i).filter((i) => !st.decks.quests.includes(i));
  const dealt = new Set(st.p.flatMap((x) => x.setupQuests));
  const deck = st.decks.quests.slice();
  for (const i of all) if (!dealt.has(i) && !p.quests[i]!.setup) deck.push(i);
  for (const x of st.p) {
    deck.push(...x.setupQuests);
    x.setupQuests = [];
  }
  st.decks.quests = shuffle(
    st.rng,
    deck.filter((i) => p.quests[i]!.area < 0 || st.pos[p.quests[i]!.area]! >= 0),
  );
  for (let s = 0; s < st.n; s++) st.p[s]!.dial = p.factions[st.fac[s]!]!.start.slice();
  emit(log, 'rw.ev.dials', {}, ['RW-SETUP-08', 'RW-DIAL-02']);
}

/** Setup steps 10–12 (RW-SETUP-14..16). */
export function startingHands(st: RwState, log: EventSink): void {
  const p = pk(st);
  for (const s of clockwise(st, st.first)) {
    if (st.p[s]!.out) continue; // resigned during setup (docs, R1)
    const f = p.factions[st.fac[s]!]!;
    st.p[s]!.inf += f.influence;
    drawTactics(st, s, f.tactics, log, 'RW-SETUP-14');
    drawQuests(st, s, p.rules.startQuests, log, 'RW-SETUP-15');
    const deck = st.decks.objectives[f.good ? 0 : 1]!;
    st.p[s]!.obj = deck.length ? deck.pop()! : -1;
    emit(log, 'rw.ev.objective', { seat: s }, ['RW-SETUP-16'], undefined, [s]);
    emit(log, 'rw.ev.objectiveOwn', { seat: s, objective: st.p[s]!.obj }, ['RW-SETUP-16'], [s]);
  }
  // Tactics drawn at setup may be played from the first spring (RW-SETUP-18).
  for (const x of st.p) x.tacSeason = x.tacSeason.map(() => -1);
  lookAtControlled(st);
}

/* ------------------------------------------------------------------ RW-DP-02: faction */

export const factionDecision: Decision<RwState, F<'faction'>, RwAction> = {
  prompt: 'rw.faction',
  rule: 'RW-SETUP-04',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, _f, _seat, out) {
    const p = pk(st);
    for (let i = 0; i < p.factions.length; i++) if (!st.fac.includes(i)) out.push({ type: 'faction', f: i });
  },
  answer(st, f, seat, a, log): ApplyResult {
    if (a.type !== 'faction') return fail('wrongAction', 'Choose a faction.', 'RW-DP-02');
    const p = pk(st);
    if (!Number.isInteger(a.f) || a.f < 0 || a.f >= p.factions.length)
      return fail('noFaction', 'There is no such faction.', 'RW-SETUP-04');
    if (st.fac.includes(a.f))
      return fail('factionTaken', 'Another player has chosen that faction.', 'RW-SETUP-04');
    st.fac[seat] = a.f;
    st.stack.pop();
    emit(log, 'rw.ev.faction', { seat, faction: a.f }, ['RW-SETUP-04', 'RW-DP-02']);
    void f;
    return OK;
  },
  // RW-DP-89: the first unchosen faction in pack order.
  byDefault(st) {
    const p = pk(st);
    for (let i = 0; i < p.factions.length; i++) if (!st.fac.includes(i)) return { type: 'faction', f: i };
    return null;
  },
};

/* ------------------------------------------------------------------ RW-DP-05: setup runes */

export const runesDecision: Decision<RwState, F<'runes'>, RwAction> = {
  prompt: 'rw.runes',
  rule: 'RW-MAP-17',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  // First the dragon rune's area, then the false rune's; the first choice stays sealed until both lie.
  ask: (st, f) => ({ args: { dragon: st.p[f.seat]!.rune } }),
  offers(st, f, seat, out) {
    const first = st.p[seat]!.rune;
    for (const a of runeAreas(st)) if (a !== first) out.push({ type: 'rune', area: a });
    void f;
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type !== 'rune')
      return fail('wrongAction', 'Place your dragon rune and your false rune.', 'RW-DP-05');
    const first = st.p[seat]!.rune;
    if (a.area === first)
      return fail('runeSameArea', 'The two runes go to two different areas.', 'RW-MAP-17');
    if (!runeAreas(st).includes(a.area))
      return fail(
        'runeArea',
        'A setup rune goes to an area with no rune token and not adjacent to a home realm marker.',
        'RW-MAP-18',
      );
    if (first < 0) {
      st.p[seat]!.rune = a.area;
      return OK;
    }
    for (const [ar, kind] of [
      [first, 1],
      [a.area, 0],
    ] as const) {
      st.rk[ar] = kind;
      st.rh[ar] = newHandle(st);
      st.runePile[kind === 1 ? 0 : 1]!--;
      see(st, seat, ar);
    }
    st.p[seat]!.rune = -1;
    st.stack.pop();
    const areas = [first, a.area].sort((x, y) => x - y);
    emit(log, 'rw.ev.runes', { seat, areas }, ['RW-MAP-17', 'RW-INFO-09']);
    return OK;
  },
  // RW-DP-89: dragon rune to the first legal area, false rune to the next.
  byDefault(st, f, seat) {
    const out: RwAction[] = [];
    runesDecision.offers(st, f, seat, out);
    return out[0] ?? null;
  },
};

/* ------------------------------------------------------------------ RW-DP-06: home realm */

export const homeDecision: Decision<RwState, F<'home'>, RwAction> = {
  prompt: 'rw.home',
  rule: 'RW-MAP-19',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  offers(st, _f, seat, out) {
    if (st.preset >= 0) for (const m of st.markers) out.push({ type: 'home', marker: m, rot: 0 });
    else homeOffers(st, seat, out);
  },
  answer(st, _f, seat, a, log): ApplyResult {
    if (a.type !== 'home') return fail('wrongAction', 'Place your home realm.', 'RW-DP-06');
    const p = pk(st);
    const f = p.factions[st.fac[seat]!]!;
    if (st.preset >= 0) {
      if (!st.markers.includes(a.marker) || a.rot !== 0)
        return fail('noMarker', 'Choose one of the home realm places still free.', 'RW-MAP-19');
      const cells = p.presets[st.preset]!.slots[a.marker]!.cells;
      f.home.forEach((ar, i) => {
        st.pos[ar] = cells[i]!;
        st.rot[ar] = 0;
      });
      st.markers = st.markers.filter((m) => m !== a.marker);
    } else return placeHome(st, seat, a, log); // board.ts: the cells, the marker, RW-MAP-22/23
    for (const ar of f.home) st.home[ar] = seat;
    st.bkey = boardKey(st);
    st.stack.pop();
    emit(log, 'rw.ev.home', { seat, marker: a.marker }, ['RW-MAP-19', 'RW-MAP-20', 'RW-MAP-27']);
    return OK;
  },
  // RW-DP-89: the first remaining marker and the first legal rotation.
  byDefault(st, f) {
    const out: RwAction[] = [];
    homeDecision.offers(st, f, f.seat, out);
    return out[0] ?? null;
  },
};

/** Manual boards: the legal placements of a seat's home realm tile (board.ts fills this in). */
export let homeOffers: (st: RwState, seat: Seat, out: RwAction[]) => void = () => {};
export let placeHome: (
  st: RwState,
  seat: Seat,
  a: Extract<RwAction, { type: 'home' }>,
  log: EventSink,
) => ApplyResult = () => fail('noMarker', 'Choose one of the home realm places still free.', 'RW-MAP-19');
export function setManualHome(offers: typeof homeOffers, place: typeof placeHome): void {
  homeOffers = offers;
  placeHome = place;
}

/* ------------------------------------------------------------------ RW-DP-07: stronghold and starting units */

/** The starting units of a seat: every unit on its three dials (RW-SETUP-09 b, RW-RECR-02). */
export function startingUnits(st: RwState, seat: Seat): number[] {
  const p = pk(st);
  const f = p.factions[st.fac[seat]!]!;
  const q: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let s = 0; s <= st.p[seat]!.dial[r]!; s++) if (f.dials[r]![s]! >= 0) q.push(f.dials[r]![s]!);
  return q;
}

export const placeDecision: Decision<RwState, F<'place'>, RwAction> = {
  prompt: 'rw.place',
  rule: 'RW-SETUP-09',
  who: (_st, f) => only(f.seat),
  asks: (_st, f, seat) => seat === f.seat,
  ask: (_st, f) => ({ args: { unit: f.q[0] ?? -1, left: f.q.length } }),
  offers(st, f, seat, out) {
    const home = pk(st).factions[st.fac[seat]!]!.home;
    if (!st.sh.includes(seat)) for (const a of home) out.push({ type: 'stronghold', area: a });
    else
      for (const a of home)
        if (unitsOf(st, a, seat) < pk(st).rules.unitLimit) out.push({ type: 'place', area: a });
    void f;
  },
  answer(st, f, seat, a, log): ApplyResult {
    const p = pk(st);
    const home = p.factions[st.fac[seat]!]!.home;
    if (!st.sh.includes(seat)) {
      if (a.type !== 'stronghold' || !home.includes(a.area) || a.from !== undefined)
        return fail('setupStronghold', 'Place your stronghold in an area of your home realm.', 'RW-SETUP-09');
      st.sh[a.area] = seat;
      emit(log, 'rw.ev.stronghold', { seat, area: a.area }, ['RW-SETUP-09']);
      return OK;
    }
    if (a.type !== 'place' || !home.includes(a.area))
      return fail('setupPlace', 'Place your starting units in your home realm.', 'RW-SETUP-09');
    if (unitsOf(st, a.area, seat) >= p.rules.unitLimit)
      return fail('areaFull', 'No more than 8 of your units in one area.', 'RW-SETUP-10');
    const u = f.q.shift()!;
    addUnits(st, a.area, u, 1, seat);
    emit(log, 'rw.ev.placed', { seat, area: a.area, u }, ['RW-SETUP-09', 'RW-DP-07']);
    if (f.q.length === 0) st.stack.pop();
    return OK;
  },
  // RW-DP-89: stronghold in the first home area; units fill the first home area up to 8, then the next.
  byDefault(st, f) {
    const out: RwAction[] = [];
    placeDecision.offers(st, f, f.seat, out);
    return out[0] ?? null;
  },
};

/** Control a seat has of its home realm (for tests): every home area controlled by him. */
export function homeControlled(st: RwState, seat: Seat): boolean {
  return pk(st).factions[st.fac[seat]!]!.home.every((a) => ctrl(st, a) === seat);
}

/** Words for actions, prompts and log events (English, Russian), and the text view. */
import type { GameEvent, Locale, Prompt, Seat } from '@tabula/engine';
import { defaultSeatName, translate } from '@tabula/engine';
import { fateWords } from './card-words.js';
import { messages } from './messages.js';
import type { Pack } from './pack.js';
import { DEFAULT_PACK, DIRS, key, packOf, qOf, rOf, rotate, SPECIALS } from './pack.js';
import type { RwAction, RwState, RwView } from './types.js';
import { RES, SEASONS } from './types.js';

const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);

const SEAT_KEYS = new Set(['seat', 'holder', 'hi', 'lo']);
/** Seat keys where -1 means the unallied neutral units (a battle's side). */
const SIDE_KEYS = new Set(['who', 'def']);
const AREA_KEYS = new Set(['area', 'a', 'b', 'from', 'to', 'dragon', 'fake']);

/**
 * An area by the label printed on its tile (6D); a home realm area, which has none, by its faction and
 * its place in the realm (1 inner, 2 and 3 outer).
 */
export function areaName(p: Pack, a: number, l: Locale = 'en'): string {
  const x = p.areas[a];
  if (!x) return '?';
  if (x.faction < 0) return x.id;
  const f = p.factions[x.faction]!;
  return tr(l, 'rw.area.home', { faction: f.name[l], n: f.home.indexOf(a) + 1 });
}
export function unitName(p: Pack, u: number, l: Locale): string {
  return p.units[u]?.name[l] ?? '?';
}
function moveList(p: Pack, moves: unknown, l: Locale): string {
  if (!Array.isArray(moves) || moves.length === 0) return tr(l, 'rw.none');
  return moves
    .map((m: number[]) =>
      m.length === 4
        ? `${m[3]} ${unitName(p, m[2]!, l)} ${areaName(p, m[0]!, l)}→${areaName(p, m[1]!, l)}`
        : `${m[2]} ${unitName(p, m[1]!, l)} ${areaName(p, m[0]!, l)}`,
    )
    .join(', ');
}

/** What a Tactics card's target frame asks (tactics.ts `tacticAsks`, from the data alone). */
function pickWhat(p: Pack, c: number, i: number, picked: number): string {
  const e = p.tactics[c]?.effects[i];
  if (e?.do === 'dial') return 'res';
  if (e?.do === 'activateEnemy' && picked === 0) return 'seat';
  return 'area';
}

/** Localises event or action parameters: seats, areas, units, factions, resources, cards. */
export function localParams(
  params: Record<string, unknown>,
  l: Locale,
  seatName: (s: Seat) => string,
  p: Pack = DEFAULT_PACK,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (SEAT_KEYS.has(k) && typeof v === 'number') out[k] = v < 0 ? tr(l, 'rw.nobody') : seatName(v);
    else if (SIDE_KEYS.has(k) && typeof v === 'number') out[k] = v < 0 ? tr(l, 'rw.neutrals') : seatName(v);
    else if (k === 'cards' && Array.isArray(v))
      // Fate cards by their printed numbers: read as the cards (destiny and sections).
      out[k] = v.length ? v.map((n) => fateWords(p, Number(n), l)).join('; ') : tr(l, 'rw.none');
    else if (k === 'special' && typeof v === 'string') {
      const i = SPECIALS.indexOf(v as (typeof SPECIALS)[number]);
      out[k] = i < 0 ? v : tr(l, `rw.sp.${i}`);
    } else if (k === 'defensive' && typeof v === 'string') out[k] = tr(l, `rw.defensive.${v}`);
    else if (AREA_KEYS.has(k) && typeof v === 'number') out[k] = areaName(p, v, l);
    else if (k === 'areas' && Array.isArray(v)) out[k] = v.map((a: number) => areaName(p, a, l)).join(', ');
    else if (k === 'seats' && Array.isArray(v)) out[k] = v.map((s: number) => seatName(s)).join(', ');
    else if (k === 'u' && typeof v === 'number') out[k] = unitName(p, v, l);
    else if (k === 'reward' && typeof v === 'number') out[k] = p.rewards[v]?.name[l] ?? '?';
    else if (k === 'rewards' && Array.isArray(v))
      out[k] = v.map((r: number) => p.rewards[r]?.name[l] ?? '?').join(', ');
    else if (k === 'd' && typeof v === 'number')
      out[k] = tr(l, `rw.dest.${['gold', 'silver', 'red'][v] ?? 'red'}`);
    else if (k === 'target' && typeof v === 'number') out[k] = p.heroes[v]?.name[l] ?? '?';
    else if (k === 'won' && typeof v === 'number') out[k] = tr(l, `rw.duelEnd.${v + 1}`);
    else if (k === 'hero' && typeof v === 'number') out[k] = p.heroes[v]?.name[l] ?? '?';
    else if (k === 'token' && typeof v === 'number')
      out[k] = v < 0 ? tr(l, 'rw.none') : (p.explore.tokens[v]?.name[l] ?? '?');
    else if (k === 'runeKind' && typeof v === 'number') out[k] = tr(l, `rw.runeKind.${v < 0 ? -1 : v}`);
    else if ((k === 'attr' || k === 'attr2') && typeof v === 'number') out[k] = tr(l, `rw.attr.${v}`);
    else if (k === 'units' && Array.isArray(v))
      out[k] = v.length ? v.map((u: number) => unitName(p, u, l)).join(', ') : tr(l, 'rw.none');
    else if (k === 'faction' && typeof v === 'number') out[k] = p.factions[v]?.name[l] ?? '?';
    else if (k === 'res' && typeof v === 'number') out[k] = tr(l, `rw.res.${RES[v] ?? 'food'}`);
    else if (k === 'dial' && Array.isArray(v)) out[k] = v.join('/');
    else if (k === 'season' && typeof v === 'number') out[k] = tr(l, `rw.season.${SEASONS[v] ?? 'spring'}`);
    else if (k === 'order' && typeof v === 'number') out[k] = tr(l, `rw.order.${v}`);
    else if (k === 'orders' && Array.isArray(v))
      out[k] = v.map((n: number, s) => `${seatName(s)} ${n ? tr(l, `rw.order.${n}`) : '—'}`).join(', ');
    else if (k === 'card' && typeof v === 'number')
      out[k] = v < 0 ? tr(l, 'rw.none') : (p.seasons[v]?.name[l] ?? '?');
    else if ((k === 'tcard' || k === 'tcards') && v !== undefined)
      out[k] = (Array.isArray(v) ? v : [v]).map((c: number) => p.tactics[c]?.name[l] ?? '?').join(', ');
    else if ((k === 'qcard' || k === 'qcards') && v !== undefined)
      out[k] = (Array.isArray(v) ? v : [v]).map((c: number) => p.quests[c]?.name[l] ?? '?').join(', ');
    else if (k === 'objective' && typeof v === 'number')
      out[k] = v < 0 ? tr(l, 'rw.none') : (p.objectives[v]?.name[l] ?? '?');
    else if ((k === 't' || k === 'title') && typeof v === 'number') out.title = p.titles[v]?.name[l] ?? '?';
    else if (k === 'dev' && typeof v === 'number') out[k] = tr(l, `rw.dev.${v}`);
    else if (k === 'benefit' && typeof v === 'string') out[k] = tr(l, `rw.benefit.${v}`);
    else if (k === 'destiny' && typeof v === 'string') out[k] = tr(l, `rw.destiny.${v}`);
    else if (k === 'moves') out[k] = moveList(p, v, l);
    else if (k === 'bids' && Array.isArray(v))
      out[k] = v.map((n, s) => `${seatName(s)} ${String(n)}`).join(', ');
    else if (k === 'fate' && Array.isArray(v))
      out[k] = v.map((n, s) => `${seatName(s)} ${String(n)}`).join(', ');
    else if (k === 'delta' && typeof v === 'number') out[k] = v > 0 ? `+${v}` : String(v);
    else if (k === 'board' && typeof v === 'string') out[k] = p.presets.find((b) => b.id === v)?.name[l] ?? v;
    else if (k === 'setup') out[k] = '';
    else if (k === 'marker' && typeof v === 'number') out[k] = String(v + 1);
    else if (Array.isArray(v)) out[k] = v.join(', ');
    else out[k] = v;
  }
  return out;
}

export function describeAction(
  st: RwState | null,
  seat: Seat,
  a: RwAction,
  l: Locale,
  seatName: (s: Seat) => string = defaultSeatName(l),
  v?: RwView,
): string {
  const p = packOf((st ?? v)?.opts.data);
  const P = (x: Record<string, unknown>) => localParams(x, l, seatName, p);
  switch (a.type) {
    case 'faction':
      return tr(l, 'rw.act.faction', P({ faction: a.f }));
    case 'rune': {
      const x = (st ?? null)?.p[seat]?.rune ?? v?.players[seat]?.rune ?? -1;
      return tr(l, x >= 0 ? 'rw.act.runeFalse' : 'rw.act.runeDragon', P({ area: a.area }));
    }
    case 'home': {
      const b = st ?? v;
      if (!b) return tr(l, 'rw.act.home', P({ marker: a.marker }));
      if (b.preset >= 0) {
        // The preset's home slot, by the areas on the board beside it.
        const near = besideCells(p, b.pos, p.presets[b.preset]?.slots[a.marker]?.cells ?? [], l);
        return near
          ? tr(l, 'rw.act.homeNear', { ...P({ marker: a.marker }), areas: near })
          : tr(l, 'rw.act.home', P({ marker: a.marker }));
      }
      const m = b.markers;
      return tr(l, 'rw.act.homeAt', {
        areas: besideCells(p, b.pos, [m[2 * a.marker] ?? -1, m[2 * a.marker + 1] ?? -1], l),
        deg: a.rot * 60,
      });
    }
    case 'stronghold':
      return a.from === undefined
        ? tr(l, 'rw.act.stronghold', P({ area: a.area }))
        : tr(l, 'rw.act.strongholdFrom', P({ area: a.area, from: a.from }));
    case 'place':
      return tr(l, 'rw.act.place', P({ area: a.area }));
    case 'order':
      return tr(l, 'rw.act.order', P({ order: a.n }));
    case 'fall':
      return tr(l, `rw.act.fall.${a.pick === 'tactics' ? 'tactics' : 'influence'}`);
    case 'destroy':
      return tr(l, a.routed ? 'rw.act.destroyRouted' : 'rw.act.destroy', P({ u: a.u, area: a.area }));
    case 'done':
      return tr(l, 'rw.act.done');
    case 'strike':
      return tr(l, 'rw.act.strike');
    case 'redraw':
      return a.c === undefined
        ? tr(l, 'rw.act.redraw')
        : tr(l, 'rw.act.charm', P({ reward: p.rewardDeck[a.c] ?? -1 }));
    case 'supremacy':
      return tr(l, a.use ? 'rw.act.supremacy.yes' : 'rw.act.supremacy.no');
    case 'draft':
      return a.to === undefined
        ? tr(l, 'rw.act.draftIn', P({ u: a.u, from: a.from }))
        : tr(l, 'rw.act.draft', P({ u: a.u, from: a.from, to: a.to }));
    case 'undo':
      return tr(l, 'rw.act.undo');
    case 'commit':
      return tr(l, 'rw.act.commit');
    case 'activate':
      return tr(l, 'rw.act.activate', P({ area: a.area }));
    case 'pass':
      return tr(l, 'rw.act.pass');
    case 'recruit':
      return tr(l, 'rw.act.recruit', P({ res: a.res }));
    case 'recycle':
      return tr(l, 'rw.act.recycle', P({ area: a.area }));
    case 'skip':
      return tr(l, 'rw.act.skip');
    case 'gain':
      return tr(l, 'rw.act.gain', P({ res: a.res }));
    case 'develop':
      return a.from === undefined
        ? tr(l, 'rw.act.develop', P({ dev: a.dev, area: a.area }))
        : tr(l, 'rw.act.developFrom', P({ dev: a.dev, area: a.area, from: a.from }));
    case 'title':
      return tr(l, 'rw.act.title', P({ t: a.t, spend: a.spend }));
    case 'rally':
      return tr(l, 'rw.act.rally', P({ area: a.area, benefit: a.benefit }));
    case 'discard': {
      // A Quest or a Tactics card: the waiting frame tells which (a browser holds only the view).
      const top = (st ?? v)?.stack.at(-1);
      const quest = top?.k === 'discard' && top.kind === 1;
      const card = quest ? p.quests[a.card]?.name[l] : p.tactics[a.card]?.name[l];
      return tr(l, 'rw.act.discard', { card: card ?? '?' });
    }
    case 'repair':
      return tr(l, 'rw.act.repair', P({ area: a.area }));
    case 'shuffle':
      return tr(l, a.swap ? 'rw.act.shuffleSwap' : 'rw.act.shuffle', P({ a: a.a, b: a.b }));
    case 'tile': {
      const t = p.tiles[a.tile];
      const cells = (t?.areas ?? []).map((x) => {
        const [dq, dr] = rotate(p.areas[x]!.off[0], p.areas[x]!.off[1], a.rot);
        return key(a.q + dq, a.r + dr);
      });
      const near = besideCells(p, (st ?? v)?.pos ?? [], cells, l);
      return near
        ? tr(l, 'rw.act.tileAt', { tile: t?.id ?? '?', areas: near, deg: a.rot * 60 })
        : tr(l, 'rw.act.tileCentre', { tile: t?.id ?? '?', deg: a.rot * 60 });
    }
    case 'marker':
      return tr(l, 'rw.act.markerAt', { areas: besideCells(p, (st ?? v)?.pos ?? [], [a.a, a.b], l) });
    case 'draw':
      return tr(l, 'rw.act.draw', P({ u: a.u }));
    case 'rout':
      return tr(l, 'rw.act.rout', { unit: unitClass(p, a.u, 0, a.d, l) });
    case 'hit':
      return tr(l, 'rw.act.hit', { unit: unitClass(p, a.u, a.r, a.d, l) });
    case 'kill':
      return tr(l, 'rw.act.kill', { unit: unitClass(p, a.u, a.r, a.d, l) });
    case 'target':
      return tr(l, 'rw.act.target', { unit: unitClass(p, a.u, a.r, a.d, l) });
    case 'leave':
      return tr(l, 'rw.act.leave', { unit: unitClass(p, a.u, a.r, 0, l) });
    case 'option': {
      // The ability it answers is the waiting battle task (a browser holds only the view).
      const top = (st ?? v)?.stack.at(-1);
      const task = top?.k === 'battle' ? top.q[0] : -1;
      const name = task === 4 ? 'rain' : task === 11 ? 'overpower' : task === 13 ? 'fury' : '';
      return name && (a.n === 0 || a.n === 1)
        ? tr(l, `rw.act.option.${name}.${a.n}`)
        : tr(l, 'rw.act.option', { n: a.n });
    }
    case 'use':
      return tr(l, a.use ? 'rw.act.use.yes' : 'rw.act.use.no');
    case 'retreat':
      return tr(l, 'rw.act.retreat', P({ area: a.area }));
    case 'reveal':
      return tr(l, 'rw.act.reveal', P({ area: a.area }));
    case 'victory':
      return tr(l, a.use ? 'rw.act.victory.yes' : 'rw.act.victory.no');
    case 'fight':
      return tr(l, 'rw.act.fight');
    case 'diplomacy':
      return a.card === undefined
        ? tr(l, 'rw.act.diplomacy', { spend: a.spend })
        : tr(l, 'rw.act.diplomacyCard', P({ spend: a.spend, tcard: a.card }));
    case 'play':
      return tr(l, 'rw.act.play', P({ tcard: a.card }));
    case 'pick': {
      const top = (st ?? v)?.stack.at(-1);
      if (top?.k === 'spoils') return tr(l, 'rw.act.spoils', P({ target: a.n }));
      const what = top?.k === 'tactic' && (st ?? v) ? pickWhat(p, top.c, top.i, top.picks.length) : 'area';
      if (what === 'seat') return tr(l, 'rw.act.pick.seat', P({ seat: a.n }));
      if (what === 'res') return tr(l, 'rw.act.pick.res', P({ res: a.n }));
      return tr(l, 'rw.act.pick.area', P({ area: a.n }));
    }
    case 'fate': {
      const c = p.fate[a.card];
      return tr(l, 'rw.act.fate', {
        fcard: c?.id ?? '?',
        destiny: tr(l, `rw.destiny.${c?.destiny ?? 'red'}`),
      });
    }
    case 'withdraw':
      return tr(l, 'rw.act.withdraw');
    case 'neutral':
      return tr(l, 'rw.act.neutral', P({ u: a.u }));
    case 'resign':
      return tr(l, 'rw.act.resign');
    case 'bid':
      return tr(l, 'rw.act.bid', { n: a.n });
    case 'rank':
      return tr(l, 'rw.act.rank', P({ seat: a.seat }));
    case 'discardRune':
      return tr(l, 'rw.act.discardRune', P({ area: a.area }));
    case 'moveRune':
      return tr(l, 'rw.act.moveRune', P({ from: a.from, to: a.to }));
    case 'moveNeutrals':
      return tr(l, 'rw.act.moveNeutrals', P({ from: a.from, to: a.to }));
    case 'gather':
      return tr(l, 'rw.act.gather', P({ u: a.u, area: a.area }));
    case 'objective':
      return tr(l, a.claim ? 'rw.act.objective.yes' : 'rw.act.objective.no');
    case 'heroAt':
      return tr(l, 'rw.act.heroAt', P({ area: a.area }));
    case 'heroDraw':
      return tr(l, a.n ? 'rw.act.heroDraw' : 'rw.act.heroDraw0', { n: a.n });
    case 'keepHero':
      return a.h < 0 ? tr(l, 'rw.act.keepNone') : tr(l, 'rw.act.keepHero', P({ hero: a.h }));
    case 'desert':
      return tr(l, 'rw.act.desert', P({ hero: a.h }));
    case 'step':
      return tr(l, 'rw.act.step', P({ hero: a.h, area: a.to }));
    case 'heal':
      return tr(l, 'rw.act.heal', P({ hero: a.h }));
    case 'train':
      return tr(l, a.a === a.b ? 'rw.act.trainOne' : 'rw.act.train', P({ hero: a.h, attr: a.a, attr2: a.b }));
    case 'stop':
      return tr(l, 'rw.act.stop', P({ hero: a.h }));
    case 'scry':
      return tr(l, 'rw.act.scry', P({ area: a.area }));
    case 'raise':
      return tr(l, 'rw.act.raise', P({ attr: a.a }));
    case 'buy':
      return tr(l, a.buy ? 'rw.act.buy' : 'rw.act.buyNo');
    case 'raze':
      return tr(l, 'rw.act.raze', P({ area: a.area, token: (st ?? v)?.ex?.t[a.area] ?? -1 }));
    case 'heroMove':
      return a.to === undefined
        ? tr(l, 'rw.act.heroMoveIn', P({ hero: a.h }))
        : tr(l, 'rw.act.heroMove', P({ hero: a.h, area: a.to }));
    case 'captain':
      return tr(l, 'rw.act.captain', P({ rewards: a.cs.map((c) => p.rewardDeck[c] ?? -1) }));
    case 'raidReward':
      return tr(l, 'rw.act.raidReward', P({ reward: p.rewardDeck[a.c] ?? -1 }));
    case 'raidHurt':
      return tr(l, 'rw.act.raidHurt');
    case 'heroStay':
      return tr(l, 'rw.act.heroStay', P({ hero: a.h }));
    case 'support':
      return tr(l, 'rw.act.support', P({ hero: a.h, u: a.u }));
    case 'quest':
      return tr(l, 'rw.act.quest', P({ hero: a.h, qcard: a.card }));
    case 'useReward':
      return a.area === undefined
        ? tr(l, 'rw.act.useReward', P({ hero: a.h, reward: p.rewardDeck[a.c] ?? -1 }))
        : tr(
            l,
            p.rewards[p.rewardDeck[a.c] ?? -1]?.effect === 'flute' ? 'rw.act.flute' : 'rw.act.orb',
            P({ hero: a.h, reward: p.rewardDeck[a.c] ?? -1, area: a.area }),
          );
    case 'give':
      return tr(l, 'rw.act.give', P({ reward: p.rewardDeck[a.c] ?? -1, target: a.to }));
    case 'loot':
      return tr(l, 'rw.act.loot', P({ hero: a.h }));
    case 'duel':
      return tr(l, 'rw.act.duel', P({ hero: a.h, target: a.target }));
    case 'heroHit':
      return tr(l, 'rw.act.heroHit', P({ hero: a.h, target: a.target }));
    case 'testCard': {
      const c = p.fate[a.card];
      return tr(l, 'rw.act.testCard', {
        fcard: c?.id ?? '?',
        destiny: tr(l, `rw.dest.${c?.destiny ?? 'red'}`),
      });
    }
    case 'peek':
      return tr(l, 'rw.act.peek', P({ area: a.area }));
    case 'setAside':
      return tr(l, 'rw.act.setAside', { card: a.card });
    default:
      return tr(l, 'rw.act.unknown');
  }
}

/** The placed areas beside some lattice cells, by their names ("" if none). */
function besideCells(p: Pack, pos: number[], cells: number[], l: Locale): string {
  const out: string[] = [];
  for (const c of cells) {
    if (c < 0) continue;
    for (const [dq, dr] of DIRS) {
      const n = key(qOf(c) + dq, rOf(c) + dr);
      const a = pos.indexOf(n);
      const name = a >= 0 ? areaName(p, a, l) : '';
      if (a >= 0 && !cells.includes(n) && !out.includes(name)) out.push(name);
    }
  }
  return out.join(', ');
}

/** A unit named by its class in a battle: type, routed, damage. */
function unitClass(p: Pack, u: number, r: number, d: number, l: Locale): string {
  return tr(l, `rw.cls.${r ? (d ? 'rd' : 'r') : d ? 'd' : '0'}`, { u: unitName(p, u, l), d });
}

export function formatEvent(e: GameEvent, l: Locale, seatName: (s: Seat) => string): string {
  return tr(l, e.key, localParams(e.params ?? {}, l, seatName));
}

export function describePrompt(pr: Prompt, v: RwView, l: Locale, seatName: (s: Seat) => string): string {
  void seatName;
  // An exploration event asks in its own words (RW-DP-18).
  if (pr.kind === 'rw.explore') {
    const t = packOf(v.opts.data).explore.tokens[(pr.args as { token?: number } | undefined)?.token ?? -1];
    if (t) return tr(l, `rw.explore.${t.effect}`, { n: packOf(v.opts.data).explore.merchantCost });
  }
  return tr(l, pr.kind);
}

/** A new season opens a round (a log groups lines by it); a turn opens a turn. */
export function eventGroup(e: GameEvent): { kind: 'round' | 'turn'; round?: number; seat?: Seat } | null {
  if (e.key === 'rw.ev.season') {
    const pr = e.params as { year: number; season: number };
    return { kind: 'round', round: (pr.year - 1) * 4 + pr.season + 1 };
  }
  if (e.key === 'rw.ev.turn') return { kind: 'turn', seat: (e.params as { seat: Seat }).seat };
  return null;
}

/** Seasons played of the 28 (RW-GEN-03). */
export function progress(v: RwView): { round: number; of?: number } | null {
  const years = packOf(v.opts.data).rules.years;
  if (v.year === 0) return { round: 0, of: years * 4 };
  return { round: (v.year - 1) * 4 + v.season + 1, of: years * 4 };
}

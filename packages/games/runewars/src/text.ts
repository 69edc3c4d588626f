/**
 * The view as plain text, for terminal play and replays (English, Russian): the season, the viewer's
 * own realm (dials with what they give, influence, Orders, hand, activation tokens, the rune tokens he
 * knows), every other player in a line, then every area of the board by its printed label (a home realm
 * area by its faction), with what it produces, who holds it and with what, what the viewer knows of its
 * rune token, and its neighbours with the mountain and water borders between them; battles and
 * diplomacy under way, Victory cards, eliminations and the result. Nothing internal is shown.
 */
import type { Locale, Seat } from '@tabula/engine';
import { translate } from '@tabula/engine';
import type { BoardRt } from './common.js';
import { compileBoard } from './common.js';
import { areaName } from './describe.js';
import { messages } from './messages.js';
import type { Pack } from './pack.js';
import { ICON_INF, ICON_TAC, packOf } from './pack.js';
import type { RwView } from './types.js';
import { heroLines } from './text-heroes.js';
import { RES, SEASONS } from './types.js';

const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([messages], l, k, p);

const boards = new Map<string, BoardRt>();
function boardOf(p: Pack, v: RwView): BoardRt {
  const k = `${v.pos.join(',')}|${v.rot.join(',')}`;
  let b = boards.get(k);
  if (!b) {
    if (boards.size > 64) boards.clear();
    b = compileBoard(p, v.pos, v.rot);
    boards.set(k, b);
  }
  return b;
}

/** Who controls an area as the view shows it (RW-TERM-04/05): units, else a stronghold, else a home realm. */
function controller(p: Pack, v: RwView, a: number): Seat {
  if (v.own[a]! >= 0) return v.own[a]!;
  if (v.sh[a]! >= 0) return v.sh[a]!;
  if (v.home[a]! >= 0) {
    for (const u of p.neutrals) if (v.us[a * p.U + u]! + v.ur[a * p.U + u]! > 0) return -1;
    return v.home[a]!;
  }
  return -1;
}

const list = (l: Locale, xs: string[]) => (xs.length ? xs.join(', ') : tr(l, 'rw.none'));

/** "2 Footmen (1 routed)" for each unit type present. */
function unitsText(p: Pack, v: RwView, a: number, l: Locale, neutral: boolean): string[] {
  const out: string[] = [];
  for (let u = 0; u < p.U; u++) {
    if (p.units[u]!.faction < 0 !== neutral) continue;
    const s = v.us[a * p.U + u]!,
      r = v.ur[a * p.U + u]!;
    if (!s && !r) continue;
    const name = p.units[u]!.name[l];
    out.push(r ? tr(l, 'rw.text.unitsRouted', { n: s + r, u: name, r }) : `${s} ${name}`);
  }
  return out;
}

/** What the viewer knows of an area's rune token, or '' if it has none. */
function runeText(v: RwView, a: number, l: Locale): string {
  const k = v.rk[a]!;
  if (k === -1) return '';
  if (v.rup[a]) return tr(l, k === 1 ? 'rw.text.runeUpDragon' : 'rw.text.runeUpFalse');
  if (k === 1) return tr(l, 'rw.text.runeKnownDragon');
  if (k === 0) return tr(l, 'rw.text.runeKnownFalse');
  return tr(l, 'rw.text.runeHidden');
}

/** The icons at or below each dial's arrow (RW-DIAL-04): units to recruit, influence, Tactics cards. */
function dialText(p: Pack, v: RwView, seat: Seat, l: Locale): string {
  const f = p.factions[v.fac[seat]!]!;
  const x = v.players[seat]!;
  return RES.map((res, r) => {
    const units = new Map<number, number>();
    let inf = 0,
      tac = 0;
    for (let s = 0; s <= x.dial[r]!; s++) {
      const icon = f.dials[r]![s];
      if (icon === undefined) continue;
      if (icon >= 0) units.set(icon, (units.get(icon) ?? 0) + 1);
      else if (icon === ICON_INF) inf++;
      else if (icon === ICON_TAC) tac++;
    }
    const icons = [...units].map(([u, n]) => `${n} ${p.units[u]!.name[l]}`);
    if (inf) icons.push(tr(l, 'rw.text.iconInf', { n: inf }));
    if (tac) icons.push(tr(l, 'rw.text.iconTac', { n: tac }));
    return tr(l, 'rw.text.dial', { res: tr(l, `rw.res.${res}`), n: x.dial[r], icons: list(l, icons) });
  }).join('; ');
}

export function renderText(v: RwView, l: Locale, seatName: (s: Seat) => string): string {
  const p = packOf(v.opts.data);
  const b = boardOf(p, v);
  const lines: string[] = [];
  const years = p.rules.years;
  const facName = (s: Seat) => (v.fac[s]! >= 0 ? p.factions[v.fac[s]!]!.name[l] : '—');
  const orders = (ns: number[]) =>
    list(
      l,
      ns.map((n) => `${n} ${tr(l, `rw.order.${n}`)}`),
    );
  lines.push(
    v.year === 0
      ? tr(l, 'rw.text.setup', { first: seatName(v.first) })
      : tr(l, 'rw.text.season', {
          year: v.year,
          years,
          season: tr(l, `rw.season.${SEASONS[v.season]}`),
          first: seatName(v.first),
          card: v.card >= 0 ? (p.seasons[v.card]?.name[l] ?? '?') : tr(l, 'rw.none'),
        }),
  );
  // What each seat controls: areas, rune tokens, cities (RW-TERM-04/05).
  const areas = new Array<number>(v.n).fill(0);
  const runes = new Array<number>(v.n).fill(0);
  const prod: number[][] = Array.from({ length: v.n }, () => [0, 0, 0]);
  for (const a of b.on) {
    const c = controller(p, v, a);
    if (c < 0) continue;
    areas[c]!++;
    if (v.rk[a] !== -1) runes[c]!++;
    for (let r = 0; r < 3; r++) prod[c]![r]! += p.areas[a]!.res[r]!;
  }
  const me = v.viewer;
  if (me >= 0 && me < v.n) {
    const x = v.players[me]!;
    lines.push('', tr(l, 'rw.text.you', { seat: seatName(me), faction: facName(me) }));
    if (v.fac[me]! >= 0) {
      lines.push(`  ${dialText(p, v, me, l)}`);
      lines.push(
        `  ${tr(l, 'rw.text.production', {
          food: Math.min(prod[me]![0]!, p.rules.dialMax),
          wood: Math.min(prod[me]![1]!, p.rules.dialMax),
          ore: Math.min(prod[me]![2]!, p.rules.dialMax),
        })}`,
      );
    }
    lines.push(
      `  ${tr(l, 'rw.text.yourOrders', {
        inf: x.inf,
        played: orders(x.played),
        pick: x.pick > 0 ? `${x.pick} ${tr(l, `rw.order.${x.pick}`)}` : tr(l, 'rw.none'),
      })}`,
    );
    lines.push(
      `  ${tr(l, 'rw.text.hand', {
        tac: list(
          l,
          (x.tac ?? []).map((c) => p.tactics[c]?.name[l] ?? '?'),
        ),
        quests: list(
          l,
          (x.quests ?? []).map((c) => p.quests[c]?.name[l] ?? '?'),
        ),
        obj: x.obj >= 0 ? (p.objectives[x.obj]?.name[l] ?? '?') : tr(l, 'rw.none'),
      })}`,
    );
    const activated = b.on.filter((a) => v.act[a]! & (1 << me)).map((a) => areaName(p, a, l));
    let strongholds = 0;
    for (const a of b.on) if (v.sh[a] === me) strongholds++;
    lines.push(
      `  ${tr(l, 'rw.text.tokens', {
        act: list(l, activated),
        left: Math.max(0, p.rules.activationTokens - activated.length),
        sh: strongholds,
        shMax: p.rules.strongholds,
      })}`,
    );
    const mine: string[] = [],
      known: string[] = [];
    for (const a of b.on) {
      const k = v.rk[a]!;
      if (k === -1) continue;
      const t = tr(
        l,
        k === 1 ? 'rw.text.short.dragon' : k === 0 ? 'rw.text.short.false' : 'rw.text.short.unknown',
      );
      const up = v.rup[a] ? ` ${tr(l, 'rw.text.short.up')}` : '';
      if (controller(p, v, a) === me) mine.push(`${areaName(p, a, l)}: ${t}${up}`);
      else if (k !== -2 && !v.rup[a]) known.push(`${areaName(p, a, l)}: ${t}`);
    }
    lines.push(`  ${tr(l, 'rw.text.myRunes', { areas: list(l, mine) })}`);
    if (known.length) lines.push(`  ${tr(l, 'rw.text.knownRunes', { areas: known.join(', ') })}`);
  }
  lines.push('', tr(l, 'rw.text.players'));
  v.players.forEach((x, s) => {
    const status = x.out
      ? tr(l, x.out === 2 ? 'rw.text.resigned' : 'rw.text.out', { seat: seatName(s) })
      : '';
    lines.push(
      `  ${tr(l, 'rw.text.playerLine', {
        seat: seatName(s),
        faction: facName(s),
        food: x.dial[0],
        wood: x.dial[1],
        ore: x.dial[2],
        inf: x.inf,
        played: orders(x.played),
        picked: tr(l, x.pick === 0 ? 'rw.text.notPicked' : 'rw.text.picked'),
        tac: x.tac ? x.tac.length : x.tacCount,
        quests: x.quests ? x.quests.length : x.questCount,
        areas: areas[s],
        runes: runes[s],
      })}${status ? ` — ${status}` : ''}`,
    );
  });
  const titles = v.titles
    .map((h, t) =>
      h >= 0 ? tr(l, 'rw.text.titleHeld', { title: p.titles[t]?.name[l] ?? '?', seat: seatName(h) }) : '',
    )
    .filter(Boolean);
  if (titles.length) lines.push(`  ${tr(l, 'rw.text.titles', { titles: titles.join(', ') })}`);
  for (const x of heroLines(p, v, l, seatName)) lines.push(x);
  lines.push('', tr(l, 'rw.text.board'));
  for (const a of b.on) {
    const area = p.areas[a]!;
    const res = RES.map((r, i) => (area.res[i] ? `${tr(l, `rw.res.${r}`)} ${area.res[i]}` : '')).filter(
      Boolean,
    );
    const what: string[] = [];
    if (v.home[a]! >= 0) what.push(tr(l, 'rw.text.home', { seat: seatName(v.home[a]!) }));
    const c = controller(p, v, a);
    const own = unitsText(p, v, a, l, false);
    const neut = unitsText(p, v, a, l, true);
    if (v.own[a]! >= 0) {
      const all = [...own, ...neut.map((x) => tr(l, 'rw.text.allied', { units: x }))];
      what.push(tr(l, 'rw.text.units', { seat: seatName(v.own[a]!), units: all.join(', ') }));
    } else if (neut.length) what.push(tr(l, 'rw.text.neutrals', { units: neut.join(', ') }));
    if (v.sh[a]! >= 0)
      what.push(
        tr(l, v.shd[a] ? 'rw.text.strongholdDamaged' : 'rw.text.stronghold', { seat: seatName(v.sh[a]!) }),
      );
    if (v.own[a]! < 0 && c >= 0 && v.sh[a]! < 0 && v.home[a]! < 0)
      what.push(tr(l, 'rw.text.controlled', { seat: seatName(c) }));
    if (v.dev[a]! >= 0) what.push(tr(l, 'rw.text.dev', { dev: tr(l, `rw.dev.${v.dev[a]}`) }));
    if (v.city[a]! >= 0) what.push(tr(l, 'rw.text.city'));
    const rune = runeText(v, a, l);
    if (rune) what.push(rune);
    const x = v.ex;
    if (x && x.t[a]! !== -1) {
      // Exploration tokens (RW-EXPL-05): the back, the face once up or seen with a Scroll of Sight.
      const token = x.t[a]! >= 0 ? p.explore.tokens[x.t[a]!]!.name[l] : '';
      const back = x.b[a] === 1 ? '1' : '2+';
      what.push(
        tr(l, x.up[a] ? 'rw.text.exploreUp' : x.t[a]! >= 0 ? 'rw.text.exploreKnown' : 'rw.text.exploreDown', {
          token,
          back,
        }),
      );
    }
    const act: string[] = [];
    for (let s = 0; s < v.n; s++) if (v.act[a]! & (1 << s)) act.push(seatName(s));
    if (act.length) what.push(tr(l, 'rw.text.act', { seats: act.join(', ') }));
    const next = b.adj[a]!.map((n, i) => {
      const e = b.edge[a]![i]!;
      const name = areaName(p, n, l);
      return e === 1
        ? tr(l, 'rw.text.acrossMountain', { area: name })
        : e === 2
          ? tr(l, 'rw.text.acrossWater', { area: name })
          : name;
    });
    lines.push(
      `  ${tr(l, 'rw.text.areaLine', {
        area: areaName(p, a, l),
        res: list(l, res),
        what: what.length ? what.join('; ') : tr(l, 'rw.text.empty'),
        next: list(l, next),
      })}`,
    );
  }
  for (const f of v.stack) {
    if (f.k === 'diplo' && f.u.length)
      lines.push(
        tr(l, 'rw.text.diplo', {
          seat: seatName(f.seat),
          area: areaName(p, f.area, l),
          units: f.u.map((u) => p.units[u]!.name[l]).join(', '),
        }),
      );
    if (f.k !== 'battle') continue;
    lines.push(
      '',
      tr(l, 'rw.text.battle', {
        area: areaName(p, f.area, l),
        seat: seatName(f.seat),
        def: f.def < 0 ? tr(l, 'rw.neutrals') : seatName(f.def),
        init: f.init,
      }),
    );
    for (let side = 0; side < 2; side++) {
      const units: string[] = [];
      for (let i = 0; i < f.fu.length; i++)
        if (f.fu[i]! >= 0 && f.fs[i] === side)
          units.push(
            tr(l, `rw.cls.${f.fr[i] ? (f.fd[i] ? 'rd' : 'r') : f.fd[i] ? 'd' : '0'}`, {
              u: p.units[f.fu[i]!]!.name[l],
              d: f.fd[i],
            }),
          );
      const o = side === 0 ? f.seat : f.def;
      lines.push(
        `  ${tr(l, 'rw.text.side', { who: o < 0 ? tr(l, 'rw.neutrals') : seatName(o), units: list(l, units) })}`,
      );
    }
  }
  v.vict.forEach((s, season) => {
    if (s >= 0)
      lines.push(tr(l, 'rw.text.vict', { seat: seatName(s), season: tr(l, `rw.season.${SEASONS[season]}`) }));
  });
  if (v.over)
    lines.push(
      '',
      tr(l, 'rw.text.over', { seat: seatName(v.over.winners[0]!), scores: (v.score ?? []).join(', ') }),
    );
  return lines.join('\n');
}

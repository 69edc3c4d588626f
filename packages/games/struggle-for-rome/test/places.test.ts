/**
 * Places in words (issue 19): every hex, crossroads and city has a name a player can read — no data
 * id —, unique on the map, in English and Russian; a different map file names and draws itself; the
 * lobby's info, options, prompts in words, log groups and progress.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import {
  DEFAULT_OPTIONS,
  DEFAULT_RT,
  mapGeo,
  parseOptions,
  placeLabel,
  rtOf,
  scenario,
  struggleForRome as game,
} from '@tabula/struggle-for-rome';
import board from '../src/data/board.json' with { type: 'json' };
import cities from '../src/data/cities.json' with { type: 'json' };
import { ID_LIKE } from './texts-random.js';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const name = (s: number) => `P${s + 1}`;

describe('place names', () => {
  it('names every hex, crossroads and city uniquely, without ids, in both languages', () => {
    for (const l of ['en', 'ru'] as const) {
      const names = new Set<string>();
      for (const x of [...DEFAULT_RT.hexes, ...DEFAULT_RT.nodes]) {
        const n = placeLabel(DEFAULT_RT, x.id, l);
        expect(n, x.id).not.toMatch(ID_LIKE);
        expect(names.has(n), `${x.id}: ${n}`).toBe(false);
        names.add(n);
      }
      expect(names.size).toBe(DEFAULT_RT.hexes.length + DEFAULT_RT.nodes.length);
    }
  });

  it('reads as a player would say it', () => {
    expect(placeLabel(DEFAULT_RT, 'h0007', 'en')).toBe('pasture 8 northwest of Noviomagus');
    expect(placeLabel(DEFAULT_RT, 'h0007', 'ru')).toBe('пастбище 8 к северо-западу от г. Новиомаг');
    expect(placeLabel(DEFAULT_RT, 'n042', 'en')).toBe('the north crossroads of Castra Regina');
    expect(placeLabel(DEFAULT_RT, 'roma', 'ru')).toBe('Рим');
    expect(placeLabel(DEFAULT_RT, 'carthago-nova', 'ru')).toBe('Новый Карфаген');
    // A crossroads touching two cities is named by both.
    const between = DEFAULT_RT.nodes.find((n) => n.city < 0 && n.cities.length === 2)!;
    expect(placeLabel(DEFAULT_RT, between.id, 'en')).toMatch(/^the crossroads between \S.* and \S/);
  });

  it('names the places of moves, the legionnaire and their events', () => {
    const st = scenario({
      players: 3,
      seats: [{ gold: 4, grain: 2, horsemen: { node: 'n042', army: 3 } }],
      at: { phase: 3, seat: 0 },
    });
    const moves = game.legalActions(st, 0).filter((a) => a.type === 'move');
    expect(moves.length).toBeGreaterThan(10);
    for (const a of moves.slice(0, 40))
      for (const l of ['en', 'ru'] as const) {
        const text = game.describeAction(null, 0, a, l, name, game.view(st, 0));
        expect(text).not.toMatch(ID_LIKE);
      }
    const log: GameEvent[] = [];
    expect(game.apply(st, 0, moves[0]!, log).ok).toBe(true);
    const ev = log.find((e) => e.key === 'sfr.ev.move')!;
    const to = moves[0]!.type === 'move' ? moves[0]!.to : '';
    expect(game.formatEvent(ev, 'en', name)).toContain(placeLabel(DEFAULT_RT, to, 'en'));
    expect(game.formatEvent({ key: 'sfr.ev.legion', params: { seat: 0, hex: 'h0901' } }, 'ru', name)).toBe(
      'P1 переставляет легионера на лес к юго-западу от г. Толет',
    );
  });

  it('a different map file names and draws its own places', () => {
    const b = copy(board) as typeof board;
    const c = copy(cities) as typeof cities;
    c.cities[0]!.name = 'Nova Urbs';
    for (const h of b.hexes) h.x = 30 - h.x; // mirrored east to west
    for (const n of b.nodes) n.x = 30 - n.x;
    const o = parseOptions({ map: { board: b, cities: c } });
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    const r = rtOf(o.value);
    expect(r).not.toBe(DEFAULT_RT);
    // The renamed city keeps its own name in every language; directions follow the mirrored drawing.
    expect(placeLabel(r, 'noviomagus', 'ru')).toBe('Nova Urbs');
    expect(placeLabel(r, 'h0007', 'en')).toBe('pasture 8 northeast of Nova Urbs');
    const g = mapGeo(r);
    expect(g.hexes.find((h) => h.id === 'h0007')!.x).toBeCloseTo(30 - 12.1244);
    expect(g.edges.filter((e) => e.arrow === 2).length).toBe(7);
    expect(g.limes.length).toBeGreaterThan(0);
    // Log events name places on the map last looked up (the table's).
    const ev: GameEvent = { key: 'sfr.ev.legion', params: { seat: 0, hex: 'h0007' } };
    expect(game.formatEvent(ev, 'en', name)).toContain('Nova Urbs');
    rtOf(DEFAULT_OPTIONS);
    expect(game.formatEvent(ev, 'en', name)).toContain('Noviomagus');
  });
});

describe('lobby and log hooks', () => {
  it('declares its info, options and bot levels, every label in both catalogs', () => {
    expect(game.info?.shortId).toBe('sfr');
    const keys = [game.info!.name, game.info!.description, game.info!.rulesSummary!];
    for (const o of game.optionsSchema!) {
      keys.push(o.label, o.help!);
      if (o.kind === 'choice') for (const ch of o.choices) keys.push(ch.label);
      // Every default is accepted by parseOptions.
      if (o.kind !== 'file') expect(parseOptions({ [o.key]: o.default }).ok, o.key).toBe(true);
    }
    for (const k of keys) {
      expect(game.messages.en[k], k).toBeTruthy();
      expect(game.messages.ru[k], k).toBeTruthy();
    }
    expect(game.optionsSchema!.map((o) => o.key)).toEqual([
      'map',
      'tieBreak',
      'roundLimit',
      'tradeInputLimit',
    ]);
    expect(game.botLevels).toEqual(['random', 'heuristic']);
  });

  it('words prompts with places and strength, groups the log by rounds and phases, tells the round', () => {
    const st = scenario({
      players: 3,
      seats: [{ horsemen: { node: 'n042', army: 3 } }],
      at: { phase: 3, seat: 0 },
    });
    const p = game.prompts(st).find((x) => x.seat === 0)!;
    const v = game.view(st, 0);
    expect(game.describePrompt!(p, v, 'en', name)).toBe(
      'Your horsemen (strength 3) at the north crossroads of Castra Regina: rest, move, plunder, found or expand',
    );
    expect(game.describePrompt!(p, v, 'ru', name)).toContain('северный перекрёсток у г. Кастра Регина');
    expect(game.eventGroup!({ key: 'sfr.ev.round', params: { round: 3, seat: 1 } })).toEqual({
      kind: 'round',
      round: 3,
    });
    expect(game.eventGroup!({ key: 'sfr.ev.phase', params: { phase: 3 } })).toEqual({ kind: 'turn' });
    expect(game.eventGroup!({ key: 'sfr.ev.move', params: {} })).toBeNull();
    expect(game.progress!(v)).toEqual({ round: 1 });
    expect(game.progress!({ ...v, options: { ...v.options, roundLimit: 12 } })).toEqual({ round: 1, of: 12 });
  });
});

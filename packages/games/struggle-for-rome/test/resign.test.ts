/**
 * Resignation (docs/games/struggle-for-rome.md): not in the rulebook; an online game needs it. A player
 * who resigns leaves at once, whatever is being decided: his pieces stay, his decisions take their
 * timeout defaults (spec §18, SFR-DP-23), he cannot win, and the last player left wins.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { Rng } from '@tabula/engine';
import { checkInvariants, struggleForRome as game } from '@tabula/struggle-for-rome';
import type { SfrAction, SfrState } from '@tabula/struggle-for-rome';
import { ok, rejects } from './helpers.js';

function start(n: number, seed: string): SfrState {
  const o = game.parseOptions({});
  if (!o.ok) throw new Error(o.error.message);
  const r = game.setup(o.value, n, seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as SfrState;
}

/** Plays random legal actions until `until` holds or the game ends; false if it never held. */
function playUntil(st: SfrState, rng: Rng, until: (st: SfrState) => boolean): boolean {
  for (let i = 0; i < 20_000 && !game.outcome(st); i++) {
    if (until(st)) return true;
    const p = game.prompts(st);
    const seat = p[rng.int(p.length)]!.seat;
    const legal = game.legalActions(st, seat);
    ok(st, seat, legal[rng.int(legal.length)]!);
  }
  return until(st);
}

describe('resignation: a resigned seat takes the timeout defaults of spec §18', () => {
  it('at every kind of decision, of the deciding seat or another, the game goes on without the resigned player', () => {
    const kinds = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const rng = new Rng(`resign-${g}`);
      const n = 3 + (g % 2);
      const st = start(n, `resign-${g}`);
      // Resign at a random point: the deciding seat half of the time, another seat otherwise.
      const at = rng.int(400);
      let steps = 0;
      playUntil(st, rng, () => steps++ >= at);
      if (game.outcome(st)) continue;
      const prompts = game.prompts(st);
      kinds.add(prompts[0]!.kind);
      const deciding = prompts[0]!.seat;
      const who = rng.int(2) === 0 ? deciding : (deciding + 1 + rng.int(n - 1)) % n;
      const log: GameEvent[] = [];
      ok(st, who, { type: 'resign' }, log);
      expect(log[0]).toMatchObject({ key: 'sfr.ev.resigned', params: { seat: who } });
      expect(game.view(st, -1).players[who]!.resigned).toBe(true);
      // The resigned seat is never asked again, and everything it tries is refused.
      const rest = () => {
        expect(game.prompts(st).filter((p) => p.seat === who)).toEqual([]);
        expect(game.legalActions(st, who)).toEqual([]);
      };
      rest();
      rejects(st, who, { type: 'endStep' }, 'SFR-ROUND-5', 'resigned');
      rejects(st, who, { type: 'resign' }, 'SFR-ROUND-5', 'resigned');
      for (let i = 0; i < 20_000 && !game.outcome(st); i++) {
        const p = game.prompts(st);
        expect(p.length).toBeGreaterThan(0);
        const seat = p[rng.int(p.length)]!.seat;
        const legal = game.legalActions(st, seat);
        ok(st, seat, legal[rng.int(legal.length)]!);
        rest();
      }
      const out = game.outcome(st);
      expect(out, `game ${g} ended`).not.toBeNull();
      expect(out!.winners).not.toContain(who);
      expect(checkInvariants(st)).toEqual([]);
    }
    // The resignations came at several kinds of decision.
    expect(kinds.size).toBeGreaterThanOrEqual(3);
  });

  it('a resignation during its own pending decision answers it with the default at once', () => {
    const rng = new Rng('own');
    for (let g = 0; g < 30; g++) {
      const st = start(3, `own-${g}`);
      // A response to a trade offer (several seats asked at once) or any other out-of-turn decision.
      if (!playUntil(st, rng, (s) => game.prompts(s).some((p) => p.kind === 'sfr.respond'))) continue;
      const p = game.prompts(st).find((x) => x.kind === 'sfr.respond')!;
      const offer = (p.args as { offer: number }).offer;
      const log: GameEvent[] = [];
      ok(st, p.seat, { type: 'resign' }, log);
      expect(log.map((e) => e.key)).toContain('sfr.ev.declined');
      expect(st.offers.find((o) => o.id === offer)?.answers[p.seat] ?? 2).toBe(2);
      return;
    }
    throw new Error('no trade response was reached');
  });

  it('when all but one have resigned, the last player wins at once', () => {
    const st = start(3, 'last');
    const rng = new Rng('last');
    playUntil(st, rng, (s) => s.round >= 2);
    const log: GameEvent[] = [];
    ok(st, 0, { type: 'resign' }, log);
    expect(game.outcome(st)).toBeNull();
    ok(st, 2, { type: 'resign' }, log);
    const out = game.outcome(st)!;
    expect(out.winners).toEqual([1]);
    expect(out.reason).toBe('resigned');
    expect(log.at(-1)).toMatchObject({ key: 'sfr.ev.win', params: { seats: [1], reason: 'resigned' } });
    expect(game.prompts(st)).toEqual([]);
    expect(game.formatEvent(log.at(-1)!, 'en', (s) => `P${s + 1}`)).toContain('every other player resigned');
    expect(game.formatEvent(log.at(-1)!, 'ru', (s) => `И${s + 1}`)).toContain('все остальные игроки сдались');
  });

  it('the resignation is described in both languages and is never listed', () => {
    const st = start(4, 'words');
    const a: SfrAction = { type: 'resign' };
    expect(game.describeAction(st, 0, a, 'en')).toBe('Resign');
    expect(game.describeAction(st, 0, a, 'ru')).toBe('Сдаться');
    for (let s = 0; s < 4; s++) expect(game.legalActions(st, s).some((x) => x.type === 'resign')).toBe(false);
  });
});

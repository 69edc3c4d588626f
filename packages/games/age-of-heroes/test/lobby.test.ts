/**
 * What the lobby and the shell read of Age of Heroes (lobby.ts): the options schema agrees with
 * parseOptions (AOH-SETUP-8 tribe draft or random tribes, AOH-PLAYERS-2 seat order, AOH-TRADE-22 trading
 * time), prompts in words, the log's round and turn openers, and the game's progress.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Locale, Prompt, Seat } from '@tabula/engine';
import { ageOfHeroes as game, DEFAULT_OPTIONS } from '@tabula/age-of-heroes';
import type { AohState, AohView } from '@tabula/age-of-heroes';

const names: Record<Locale, (s: Seat) => string> = {
  en: (s) => `Player ${s + 1}`,
  ru: (s) => `Игрок ${s + 1}`,
};

function start(options: Record<string, unknown>, seats = 3, seed = 'lobby') {
  const log: GameEvent[] = [];
  const o = game.parseOptions(options);
  if (!o.ok) throw new Error(o.error.message);
  const st = game.setup(o.value, seats, seed, log);
  if (!st.ok) throw new Error(st.error.message);
  return { st: st.value, log };
}

/** Plays timeout defaults (every trading seat ready, first legal otherwise) until a prompt of `kind` opens. */
function playTo(st: AohState, kind: string, log: GameEvent[]): Prompt {
  for (let i = 0; i < 500; i++) {
    const ps = game.prompts(st);
    const hit = ps.find((p) => p.kind === kind);
    if (hit) return hit;
    const p = ps.find((x) => !x.optional) ?? ps[0];
    if (!p) throw new Error('the game is over');
    const a = game.defaultAction(st, p.seat) ?? game.legalActions(st, p.seat)[0];
    expect(game.apply(st, p.seat, a, log)).toEqual({ ok: true });
  }
  throw new Error(`no ${kind} prompt`);
}

const words = (p: Prompt, v: AohView, l: Locale) => game.describePrompt!(p, v, l, names[l]);

describe('Age of Heroes options schema', () => {
  it('declares the tribe draft (AOH-SETUP-8), seat order (AOH-PLAYERS-2) and trading time (AOH-TRADE-22), with the defaults of parseOptions', () => {
    const schema = game.optionsSchema ?? [];
    expect(schema.map((o) => o.key)).toEqual([
      'tribes',
      'seatOrder',
      'tradeSeconds',
      'tradeInputLimit',
      'config',
    ]);
    const defaults: Record<string, unknown> = {};
    for (const o of schema) if (o.kind !== 'file') defaults[o.key] = o.default;
    const parsed = game.parseOptions(defaults);
    expect(parsed.ok && parsed.value).toEqual(DEFAULT_OPTIONS);
    for (const o of schema)
      if (o.kind === 'choice')
        for (const c of o.choices) expect(game.parseOptions({ [o.key]: c.value }).ok, c.value).toBe(true);
    expect(game.info?.shortId).toBe('aoh');
    expect(game.botLevels?.at(-1)).toBe('heuristic');
  });

  it('AOH-SETUP-8: "draft" opens the tribe draft, "random" deals the tribes', () => {
    expect(game.prompts(start({ tribes: 'draft' }).st)[0]!.kind).toBe('aoh.tribe');
    const dealt = start({ tribes: 'random' });
    expect(dealt.st.p.every((p) => p.tribe !== null)).toBe(true);
    expect(dealt.log.some((e) => e.key === 'aoh.ev.tribesRandom')).toBe(true);
  });
});

describe('Age of Heroes prompts in words', () => {
  it('names the tribes left in the draft, the Market Day and the turn with the cities taxed', () => {
    const { st, log } = start({ tribes: 'draft', seatOrder: 'fixed' });
    const draft = game.prompts(st)[0]!;
    const v = game.view(st, draft.seat);
    expect(words(draft, v, 'en')).toBe(
      'Pick your tribe: Egyptians, Romans, Greeks, Babylonians, Celts, Chinese',
    );
    expect(words(draft, v, 'ru')).toContain('Египтяне');
    const trade = playTo(st, 'aoh.trade', log);
    const tv = game.view(st, trade.seat);
    expect(words(trade, tv, 'en')).toMatch(/^Market Day of round 1 \(open offers: 0\)/);
    expect(words(trade, tv, 'ru')).toMatch(/^Ярмарка раунда 1/);
    const action = playTo(st, 'aoh.action', log);
    const av = game.view(st, action.seat);
    expect(words(action, av, 'en')).toBe(
      'Choose your action (turn 1): collect taxes (cities: 1), build, make war or pass',
    );
    expect(words(action, av, 'ru')).toBe(
      'Выберите действие (ход 1): налоги (городов: 1), строительство, война или пас',
    );
  });
});

describe('Age of Heroes log groups and progress', () => {
  it('a Market Day opens a round (AOH-FLOW-4), a turn line a turn; the lobby reads the round', () => {
    const { st, log } = start({ tribes: 'random', seatOrder: 'fixed' });
    expect(game.progress!(game.view(st, -1))).toEqual({ round: 1 });
    playTo(st, 'aoh.action', log);
    const groups = log.map((e) => game.eventGroup!(e)).filter((g) => g !== null);
    expect(groups[0]).toEqual({ kind: 'round', round: 1 });
    expect(groups[1]).toEqual({ kind: 'turn', seat: st.active });
    expect(game.eventGroup!({ key: 'aoh.ev.pass', params: { seat: 0 } })).toBeNull();
  });

  it('during the tribe draft, before the first Market Day, the game has no round yet', () => {
    const { st } = start({ tribes: 'draft' });
    expect(game.progress!(game.view(st, -1))).toBeNull();
  });
});

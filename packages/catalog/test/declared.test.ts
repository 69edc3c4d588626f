/**
 * What every game of the catalog declares for the lobby, the command line and the shell (issue 18,
 * points 4 and 5), checked the same way for every game: its info (a unique short id, a name, a
 * description and a rules summary in English and Russian), an options schema that `parseOptions` agrees
 * with (defaults and every choice parse; labels read in both languages), bot levels naming its bots,
 * prompts in words with no placeholder, raw key or internal id, log groups and progress.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, Locale, OptionSpec, Prompt, Seat } from '@tabula/engine';
import { LOCALES, Rng, SPECTATOR, messageKeyPrefixes, textDefect } from '@tabula/engine';
import { botNames } from '@tabula/bots';
import { GAMES, findGame } from '@tabula/catalog';

const names: Record<Locale, (s: Seat) => string> = {
  en: (s) => `Player ${s + 1}`,
  ru: (s) => `Игрок ${s + 1}`,
};

/** A message of the game's catalog in `l`, or undefined. */
const msg = (g: AnyGame, l: Locale, key: string): string | undefined => g.messages[l]?.[key];

/** The schema's defaults as `parseOptions` input (a file option has none). */
function defaults(schema: readonly OptionSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of schema) if (o.kind !== 'file') out[o.key] = o.default;
  return out;
}

/**
 * Internal ids a player must never read: snake_case ids (mighty_hero), ids with a one- or two-letter
 * prefix (s-temple, n-015), ids of letters and digits (n015, h12), a template slot ({owner}).
 */
const RAW_ID = /\b[a-z]+_[a-z0-9_]+\b|\b[a-z]{1,2}-[a-z0-9]{2,}\b|\b[a-z]{1,3}\d{2,}\b|\{\w+\}/g;

function rawId(text: string): string | null {
  return [...text.matchAll(RAW_ID)][0]?.[0] ?? null;
}

/** Seats for a random game: three where the game allows it. */
const seatsOf = (g: AnyGame) => Math.min(g.maxSeats, Math.max(g.minSeats, 3));

/**
 * Plays `steps` random legal actions (a trading seat mostly says ready or passes, so the windows close)
 * and calls `visit` with the state before each.
 */
function randomGame(
  g: AnyGame,
  seed: string,
  steps: number,
  visit: (st: unknown, prompts: Prompt[], log: GameEvent[]) => void,
): { st: unknown; log: GameEvent[] } {
  const o = g.parseOptions(defaults(g.optionsSchema ?? []));
  if (!o.ok) throw new Error(o.error.message);
  const log: GameEvent[] = [];
  const s = g.setup(o.value, seatsOf(g), seed, log);
  if (!s.ok) throw new Error(s.error.message);
  const st = s.value;
  const rng = new Rng(seed);
  for (let i = 0; i < steps && !g.outcome(st); i++) {
    const ps = g.prompts(st) as Prompt[];
    if (!ps.length) break;
    visit(st, ps, log);
    const waiting = ps.filter((p) => !p.optional);
    const p = (waiting.length ? waiting : ps)[rng.int(waiting.length || ps.length)]!;
    const legal = g.legalActions(st, p.seat) as { type?: string }[];
    const ready = legal.find((a) => a.type === 'ready' || a.type === 'pass');
    const a = ready && rng.int(3) > 0 ? ready : legal[rng.int(legal.length)]!;
    const r = g.apply(st, p.seat, a, log);
    if (!r.ok) throw new Error(`${g.id}: a listed action was refused: ${r.error.message}`);
  }
  return { st, log };
}

describe('what every catalog game declares', () => {
  it('a short id each, unique, lowercase, no game id of another game; the catalog finds a game by either', () => {
    const ids = GAMES.map((g) => g.id);
    const shorts = GAMES.map((g) => g.info?.shortId);
    for (const [i, s] of shorts.entries()) {
      expect(s, ids[i]).toMatch(/^[a-z][a-z0-9]{1,7}$/);
      expect(
        ids.filter((id, j) => j !== i && id === s),
        s,
      ).toEqual([]);
    }
    expect(new Set(shorts).size).toBe(GAMES.length);
    for (const g of GAMES) {
      expect(findGame(g.id)).toBe(g);
      expect(findGame(g.info!.shortId)).toBe(g);
      expect(findGame(g.info!.shortId.toUpperCase())).toBe(g);
    }
    expect(findGame('no-such-game')).toBeUndefined();
  });

  for (const g of GAMES) {
    describe(g.id, () => {
      it('has a name, a description and a rules summary in English and Russian, and a typical length', () => {
        const info = g.info!;
        expect(info).toBeDefined();
        for (const key of [info.name, info.description, info.rulesSummary ?? info.description])
          for (const l of LOCALES) {
            const text = msg(g, l, key);
            expect(text, `${key} in '${l}'`).toBeTruthy();
            expect(textDefect(text, messageKeyPrefixes(g)), `${key} in '${l}'`).toBeNull();
          }
        expect(msg(g, 'ru', info.name)).not.toBe(msg(g, 'en', info.name));
        expect(/[а-яё]/i.test(msg(g, 'ru', info.description)!)).toBe(true);
        const [lo, hi] = info.minutes;
        expect(lo).toBeGreaterThan(0);
        expect(hi).toBeGreaterThanOrEqual(lo);
      });

      it('declares options whose labels read in both languages and whose defaults and choices parseOptions takes', () => {
        const schema = g.optionsSchema ?? [];
        expect(schema.length, 'an options schema').toBeGreaterThan(0);
        expect(new Set(schema.map((o) => o.key)).size).toBe(schema.length);
        const base = defaults(schema);
        const parsed = g.parseOptions(base);
        expect(parsed.ok, parsed.ok ? '' : parsed.error.message).toBe(true);
        for (const o of schema) {
          const keys = [o.label, ...(o.help ? [o.help] : [])];
          if (o.kind === 'choice') keys.push(...o.choices.map((c) => c.label));
          for (const key of keys)
            for (const l of LOCALES) expect(msg(g, l, key), `${o.key}: ${key} in '${l}'`).toBeTruthy();
          const each = (value: unknown) => {
            const r = g.parseOptions({ ...base, [o.key]: value });
            expect(r.ok, `${o.key} = ${JSON.stringify(value)}: ${r.ok ? '' : r.error.message}`).toBe(true);
          };
          switch (o.kind) {
            case 'choice':
              expect(o.choices.map((c) => c.value)).toContain(o.default);
              for (const c of o.choices) each(c.value);
              break;
            case 'flag':
              each(true);
              each(false);
              break;
            case 'number':
              expect(o.default).toBeGreaterThanOrEqual(o.min);
              expect(o.default).toBeLessThanOrEqual(o.max);
              each(o.min);
              each(o.max);
              break;
            case 'file':
              break;
          }
        }
      });

      it('names its bots from the weakest to the strongest, every one a bot it has', () => {
        const levels = g.botLevels ?? [];
        expect(levels.length).toBeGreaterThan(0);
        const known = botNames(g);
        for (const b of levels) expect(known, b).toContain(b);
        expect(new Set(levels).size).toBe(levels.length);
        // The strongest (last) is the game's own bot, not the random one, where it has one.
        if (known.length > 1) expect(levels.at(-1)).not.toBe('random');
      });

      it('words the prompts of a random game, and groups its log by round and turn, and tells its progress', () => {
        expect(g.describePrompt, 'describePrompt').toBeDefined();
        const prefixes = messageKeyPrefixes(g);
        const kinds = new Set<string>();
        let texts = 0;
        const { st, log } = randomGame(g, `declared:${g.id}`, 400, (state, prompts) => {
          for (const p of prompts) {
            const view = g.view(state, p.seat);
            for (const l of LOCALES) {
              const text = g.describePrompt!(p, view, l, names[l]);
              const where = `${p.kind} in '${l}': ${JSON.stringify(text)}`;
              expect(textDefect(text, prefixes), where).toBeNull();
              expect(text.includes(p.kind), where).toBe(false);
              expect(rawId(text), where).toBeNull();
              texts++;
            }
            kinds.add(p.kind);
          }
        });
        expect(texts).toBeGreaterThan(0);
        expect(kinds.size).toBeGreaterThan(1);
        // The log: a game that has begun has opened a round or a turn; other events open none.
        const groups = log.map((e) => g.eventGroup!(e)).filter((x) => x !== null);
        expect(groups.length, 'round or turn openers in the log').toBeGreaterThan(0);
        for (const x of groups) {
          expect(['round', 'turn']).toContain(x.kind);
          if (x.round !== undefined) expect(x.round).toBeGreaterThanOrEqual(0);
        }
        expect(g.eventGroup!({ key: 'no.such.event' })).toBeNull();
        const pr = g.progress!(g.view(st, SPECTATOR));
        expect(pr, 'progress of a game under way').not.toBeNull();
        expect(pr!.round).toBeGreaterThanOrEqual(1);
        if (pr!.of !== undefined) expect(pr!.of).toBeGreaterThanOrEqual(pr!.round);
      });
    });
  }
});

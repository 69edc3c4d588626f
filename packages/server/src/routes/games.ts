/**
 * `GET /api/games`: what a lobby needs to offer each game without loading its rules — its words in
 * English and Russian (name, description, rules summary, option labels), seats, typical length, the
 * bots from the weakest to the strongest, and the options it declares.
 */
import type { FastifyInstance } from 'fastify';
import type { AnyGame } from '@tabula/engine';
import { LOCALES } from '@tabula/engine';
import { GAMES } from '@tabula/catalog';
import { levelsOf } from '@tabula/bots';
import type { GameSummary, OptionSummary, Words } from '../protocol.js';

/** A message of the game's catalog in every locale (English where a locale lacks it; the key if none has it). */
function words(g: AnyGame, key: string): Words {
  const out = {} as Words;
  for (const l of LOCALES) out[l] = g.messages[l]?.[key] ?? g.messages.en?.[key] ?? key;
  return out;
}

export function summary(g: AnyGame): GameSummary {
  // The levels named for players, weakest first (random, beginner, standard, strong): the lobby seats
  // the last by default. Other names a match may give (a game's own bot, ismcts:<N>) are not offered.
  const bots = levelsOf(g);
  const nameKey = g.info?.name ?? `${g.id}.name`;
  return {
    id: g.id,
    shortId: g.info?.shortId ?? g.id,
    name: words(g, nameKey),
    description: g.info ? words(g, g.info.description) : { en: '', ru: '' },
    rulesSummary: g.info?.rulesSummary ? words(g, g.info.rulesSummary) : null,
    minutes: g.info?.minutes ?? null,
    minSeats: g.minSeats,
    maxSeats: g.maxSeats,
    bots,
    options: (g.optionsSchema ?? []).map((o) => ({
      ...o,
      label: words(g, o.label),
      help: o.help ? words(g, o.help) : null,
      ...(o.kind === 'choice' ? { choices: o.choices.map((c) => ({ ...c, label: words(g, c.label) })) } : {}),
    })) as OptionSummary[],
    rulesVersion: g.rulesVersion,
  };
}

export function gameRoutes(app: FastifyInstance): void {
  const list = GAMES.map(summary);
  app.get('/api/games', async () => list);
}

/**
 * The shared parts name no game (issue 18, point 4): the engine, protocol, server, store, bots, catalog,
 * command line, bench and the web shell (everything of packages/web/src outside its games/ folder) are
 * read for every game's id, short id, name in English and Russian and module name, and for a few words
 * of the games' own vocabulary. The names to look for come from the catalog, so a new game is looked for
 * as soon as it is listed.
 *
 * The one allowed place is the catalog's list of game packages (its imports and the GAMES line). The web
 * client's import list (packages/web/src/games/loaders.ts) lives among the games and is not read.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES } from '@tabula/catalog';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the shared code lives. */
const SHARED = [
  'packages/engine/src',
  'packages/protocol/src',
  'packages/server/src',
  'packages/store/src',
  'packages/bots/src',
  'packages/catalog/src',
  'packages/cli/src',
  'packages/bench/src',
  'packages/web/src',
  'packages/web/index.html',
];
/** Per-game parts inside the shared folders. */
const PER_GAME = ['packages/web/src/games/'];

/**
 * Files of one game inside a shared package, each with why. Narrow on purpose: a new per-game file belongs
 * in packages/games/<game>.
 */
const ALLOWED_FILES: Record<string, string> = {
  'packages/bench/src/sfr-balance.ts':
    'a balance report over saved Struggle for Rome records (docs/games/struggle-for-rome-balance.md)',
  'packages/bench/src/nat-balance.ts': 'a balance report of Nations (docs/games/nations-balance.md)',
};

/** Lines allowed to name games: the catalog's imports of the game packages and its list. */
function allowedLine(file: string, line: string): boolean {
  if (file !== 'packages/catalog/src/index.ts') return false;
  const ids = GAMES.map((g) => g.id).join('|');
  return (
    new RegExp(`^import \\{ \\w+ \\} from '@tabula/(${ids})';$`).test(line) ||
    /^export const GAMES: readonly AnyGame\[\] = \[[\w, ]+\];$/.test(line)
  );
}

/** Words of the games' own vocabulary that shared code has no reason to use. */
const GAME_WORDS = ['tribe', 'Market Day', 'племя', 'племен'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const camel = (id: string) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
/** A whole word (not inside another word of letters or digits), any case. */
const word = (w: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(w).replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`, 'iu');

/** Every pattern, with what it is. */
function patterns(): { what: string; re: RegExp }[] {
  const out: { what: string; re: RegExp }[] = [];
  for (const g of GAMES) {
    const names = new Set([g.id, camel(g.id)]);
    if (g.info) {
      names.add(g.info.shortId);
      for (const l of ['en', 'ru'] as const) {
        const n = g.messages[l]?.[g.info.name];
        if (n) names.add(n);
      }
    }
    for (const n of names) out.push({ what: `${g.id}: "${n}"`, re: word(n) });
  }
  for (const w of GAME_WORDS) out.push({ what: `game word "${w}"`, re: new RegExp(escape(w), 'iu') });
  return out;
}

function files(path: string): string[] {
  const abs = join(ROOT, path);
  if (!statSync(abs, { throwIfNoEntry: false })) return [];
  if (statSync(abs).isFile()) return [path];
  return readdirSync(abs, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(`${path}/${d.name}`) : [`${path}/${d.name}`],
  );
}

describe('the shared parts name no game', () => {
  it('looks for every game of the catalog (id, short id, names in English and Russian, module name)', () => {
    const p = patterns();
    for (const g of GAMES) {
      expect(p.some((x) => x.re.test(g.id))).toBe(true);
      expect(p.some((x) => g.info && x.re.test(`see ${g.info.shortId.toUpperCase()}-RULE-1`))).toBe(true);
    }
    // A word inside another word is not a name ("rw" in "rwlock" is not RuneWars' short id).
    expect(p.some((x) => x.re.test('forward, tribal-free'))).toBe(false);
  });

  it('no file of the engine, protocol, server, store, bots, catalog, command line, bench or web shell names a game', () => {
    const found: string[] = [];
    const list = SHARED.flatMap(files).filter(
      (f) => !PER_GAME.some((p) => f.startsWith(p)) && !ALLOWED_FILES[f] && /\.(tsx?|css|html|json)$/.test(f),
    );
    expect(list.length).toBeGreaterThan(50);
    const pats = patterns();
    for (const f of list) {
      const lines = readFileSync(join(ROOT, f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (allowedLine(f, line)) return;
        for (const { what, re } of pats)
          if (re.test(line))
            found.push(`${relative('.', f)}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the allowed per-game files exist (an allowance outliving its file is removed)', () => {
    for (const f of Object.keys(ALLOWED_FILES)) expect(files(f), f).toEqual([f]);
  });
});

/**
 * Golden playthroughs (after chessops' perft and OpenSpiel's playthrough files): a seeded game played
 * to its end by uniform random choices and written down step by step — who was asked what, how many
 * actions each of them was offered, the action taken, the events it produced, and the state's hash now
 * and then and at the end. Checked into a game's tests, a playthrough pins the game's whole behaviour:
 * a refactor that changes any of it shows up as a readable diff at the first step that differs.
 *
 * The text format, one line per step after a header:
 *
 *     # tabula-playthrough 1
 *     # game <id> rules <version>
 *     # spec {"name":…,"seats":…,"options":…,"seed":…}
 *     <step> ask <seat>:<prompt kind>[!window][#secret][?optional] … offer <seat>:<count> … by <seat> do <action JSON>
 *        ev <event keys>
 *     hash <step> <state hash> <events hash>          (every HASH_EVERY steps)
 *     end <step> <state hash> <events hash> <outcome JSON>
 */
import type { AnyGame, Bot, GameEvent, Prompt } from './contract.js';
import { canonicalJson, deepEqual, hashString, stateHash } from './json.js';
import { choosePrompt } from './play.js';
import { Rng } from './rng.js';

export interface PlaythroughSpec {
  /** File name (without `.txt`): letters, digits and dashes. */
  name: string;
  seats: number;
  options?: unknown;
  seed: string;
  /** Stop after this many actions (the game need not end; default 3,000). */
  maxActions?: number;
  /**
   * A bot of the game that chooses three steps in four while recording (uniform random choices make short,
   * aimless games in some games); the file holds the actions, so checking never needs the bot.
   */
  bot?: string;
}

export const PLAYTHROUGH_FORMAT = '# tabula-playthrough 1';
const HASH_EVERY = 50;

function promptText(ps: readonly Prompt[]): string {
  return ps
    .map(
      (p) =>
        `${p.seat}:${p.kind}${p.window ? '!window' : ''}${p.secret ? '#secret' : ''}${p.optional ? '?optional' : ''}`,
    )
    .join(' ');
}

function offersText(game: AnyGame, state: unknown, ps: readonly Prompt[]): string {
  const seats = [...new Set(ps.map((p) => p.seat))].sort((a, b) => a - b);
  return seats.map((s) => `${s}:${game.legalActions(state, s).length}`).join(' ');
}

function newState(game: AnyGame, spec: PlaythroughSpec, log: GameEvent[]): unknown {
  const o = game.parseOptions(spec.options ?? {});
  if (!o.ok) throw new Error(`${spec.name}: options rejected: ${o.error.message}`);
  const s = game.setup(o.value, spec.seats, spec.seed, log);
  if (!s.ok) throw new Error(`${spec.name}: setup failed: ${s.error.message}`);
  return s.value;
}

/** Plays `spec` by seeded uniform random choices and writes its playthrough text. */
export function recordPlaythrough(game: AnyGame, spec: PlaythroughSpec): string {
  const events: GameEvent[] = [];
  const state = newState(game, spec, events);
  const rng = new Rng(`playthrough:${spec.seed}`);
  const lines = [
    PLAYTHROUGH_FORMAT,
    `# game ${game.id} rules ${game.rulesVersion}`,
    `# spec ${JSON.stringify(spec)}`,
    `0 ev ${events.map((e) => e.key).join(' ')}`,
  ];
  const max = spec.maxActions ?? 3000;
  let bots: Bot[] | null = null;
  if (spec.bot) {
    const make = game.bots?.[spec.bot];
    if (!make) throw new Error(`${spec.name}: ${game.id} has no bot "${spec.bot}"`);
    bots = Array.from({ length: spec.seats }, (_, s) => make({ seed: `playthrough:${spec.seed}:${s}` }));
  }
  let step = 0;
  let evHash = hashString(canonicalJson(events));
  while (!game.outcome(state) && step < max) {
    const ps = game.prompts(state) as Prompt[];
    const p = choosePrompt(ps, rng);
    if (!p) throw new Error(`${spec.name}: no prompt and no outcome at step ${step}`);
    const legal = game.legalActions(state, p.seat);
    if (legal.length === 0) throw new Error(`${spec.name}: seat ${p.seat} is asked but offered nothing`);
    const action =
      bots && rng.int(4) > 0
        ? bots[p.seat]!.choose({ seat: p.seat, view: game.view(state, p.seat), legal, prompt: p, rng })
        : legal[rng.int(legal.length)];
    const ask = promptText(ps);
    const offer = offersText(game, state, ps);
    const log: GameEvent[] = [];
    const r = game.apply(state, p.seat, action, log);
    if (!r.ok)
      throw new Error(`${spec.name}: a listed action was refused at step ${step + 1}: ${r.error.message}`);
    step++;
    evHash = hashString(evHash + canonicalJson(log));
    lines.push(`${step} ask ${ask} offer ${offer} by ${p.seat} do ${canonicalJson(action)}`);
    lines.push(`   ev ${log.map((e) => e.key).join(' ')}`);
    if (step % HASH_EVERY === 0) lines.push(`hash ${step} ${stateHash(state)} ${evHash}`);
  }
  lines.push(`end ${step} ${stateHash(state)} ${evHash} ${canonicalJson(game.outcome(state))}`);
  return lines.join('\n') + '\n';
}

export interface PlaythroughCheck {
  ok: boolean;
  /** The first difference, in words, with the expected and actual lines. */
  difference?: string;
  steps: number;
}

/**
 * Replays a recorded playthrough with today's rules: at every step the same seats must be asked the
 * same kinds of decision and offered as many actions, the recorded action must be among them, the
 * events and the hashes must match. Returns the first difference.
 */
export function checkPlaythrough(game: AnyGame, text: string): PlaythroughCheck {
  const lines = text.split('\n').filter((l) => l !== '');
  if (lines[0] !== PLAYTHROUGH_FORMAT) return { ok: false, difference: 'not a playthrough file', steps: 0 };
  const spec = JSON.parse(lines[2]!.replace(/^# spec /, '')) as PlaythroughSpec;
  const events: GameEvent[] = [];
  const state = newState(game, spec, events);
  let evHash = hashString(canonicalJson(events));
  const differ = (i: number, expected: string, actual: string, steps: number): PlaythroughCheck => ({
    ok: false,
    steps,
    difference: `line ${i + 1}:\n  expected: ${expected.slice(0, 400)}\n  actual:   ${actual.slice(0, 400)}`,
  });
  const setupEv = `0 ev ${events.map((e) => e.key).join(' ')}`;
  if (lines[3] !== setupEv) return differ(3, lines[3] ?? '', setupEv, 0);
  let step = 0;
  for (let i = 4; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('hash ') || line.startsWith('end ')) {
      const [word] = line.split(' ', 1);
      const tail = word === 'end' ? ` ${canonicalJson(game.outcome(state))}` : '';
      const actual = `${word} ${step} ${stateHash(state)} ${evHash}${tail}`;
      if (line !== actual) return differ(i, line, actual, step);
      if (word === 'end') return { ok: true, steps: step };
      continue;
    }
    const m = /^(\d+) ask (.*) offer (.*) by (\d+) do (.*)$/.exec(line);
    if (!m)
      return { ok: false, steps: step, difference: `line ${i + 1} is not a step: ${line.slice(0, 200)}` };
    const ps = game.prompts(state) as Prompt[];
    const seat = Number(m[4]);
    const action = JSON.parse(m[5]!) as unknown;
    const legal = game.legalActions(state, seat);
    const actual = `${step + 1} ask ${promptText(ps)} offer ${offersText(game, state, ps)} by ${seat} do ${m[5]}`;
    if (line !== actual) return differ(i, line, actual, step);
    if (!legal.some((l) => deepEqual(l, action)))
      return { ok: false, steps: step, difference: `line ${i + 1}: the recorded action is not offered now` };
    const log: GameEvent[] = [];
    const r = game.apply(state, seat, action, log);
    if (!r.ok)
      return {
        ok: false,
        steps: step,
        difference: `line ${i + 1}: the recorded action is refused: ${r.error.message}`,
      };
    step++;
    evHash = hashString(evHash + canonicalJson(log));
    const ev = `   ev ${log.map((e) => e.key).join(' ')}`;
    if (lines[i + 1] !== ev) return differ(i + 1, lines[i + 1] ?? '', ev, step);
    i++;
  }
  return { ok: false, steps: step, difference: 'the file ends before its end line' };
}

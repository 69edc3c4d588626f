/**
 * Generic property checks over the contract, used by every game's test suite: random complete games
 * in which every step is checked for the invariants a Tabula game must keep, whatever its rules.
 */
import type { AnyGame, Seat } from './contract.js';
import { SPECTATOR } from './contract.js';
import { deepEqual, stateHash } from './json.js';
import { Rng } from './rng.js';
import type { GameRecord } from './record.js';
import { newRecord, replay } from './record.js';
import { choosePrompt } from './play.js';

export interface PropertyOptions<S> {
  seats: number;
  seed: string;
  options?: unknown;
  maxActions?: number;
  /** Invariants are checked after every action; views, sampled worlds and round trips every k actions. */
  checkEvery?: number;
  /** Game invariants (conservation, no negative counts…): returns a list of violations. */
  invariants?: (state: S) => string[];
  /**
   * Changes only what `seat` may not see (others' hands, deck order…) in place. If the view of
   * `seat` changes afterwards, the view leaks hidden information.
   */
  perturbHidden?: (state: S, seat: Seat, rng: Rng) => void;
  /** Chooses among legal actions (default: uniform). */
  choose?: (legal: unknown[], rng: Rng, state: S, seat: Seat) => unknown;
}

export interface PropertyResult {
  actions: number;
  capped: boolean;
  winners: Seat[] | null;
  reason: string | null;
  record: GameRecord;
}

export class PropertyViolation extends Error {}

/** How a batch of random property games ended: how many, their actions, the capped ones, the end reasons. */
export interface PropertyTally {
  games: number;
  actions: number;
  /** The longest game, in actions. */
  maxActions: number;
  capped: number;
  reasons: Record<string, number>;
}

function fail(o: { seed: string }, step: number, what: string): never {
  throw new PropertyViolation(`seed ${o.seed}, action ${step}: ${what}`);
}

export function runPropertyGame<S>(game: AnyGame, o: PropertyOptions<S>): PropertyResult {
  const opts = game.parseOptions(o.options ?? {});
  if (!opts.ok) throw new Error(opts.error.message);
  const setup = game.setup(opts.value, o.seats, o.seed);
  if (!setup.ok) throw new Error(setup.error.message);
  const state = setup.value as S;
  const record = newRecord(game, opts.value, o.seats, o.seed);
  const rng = new Rng(`props:${o.seed}`);
  const every = o.checkEvery ?? 1;
  const max = o.maxActions ?? 200_000;
  let step = 0;
  const cheap = () => {
    const bad = o.invariants?.(state) ?? [];
    if (bad.length) fail(o, step, `invariant broken: ${bad.join('; ')}`);
  };
  const check = () => {
    const json = JSON.parse(JSON.stringify(state));
    if (!deepEqual(json, state)) fail(o, step, 'state does not survive a JSON round trip');
    if (!deepEqual(game.clone(state), state)) fail(o, step, 'clone differs from the state');
    for (let seat = SPECTATOR; seat < o.seats; seat++) {
      const view = game.view(state, seat);
      const world = game.sampleWorld(view, seat, rng.fork('world'));
      const wb = o.invariants?.(world) ?? [];
      if (wb.length) fail(o, step, `sampled world for seat ${seat} breaks invariants: ${wb.join('; ')}`);
      if (!deepEqual(game.view(world, seat), view))
        fail(o, step, `sampled world for seat ${seat} does not reproduce its view`);
      if (seat >= 0) {
        if (!deepEqual(game.legalActions(world, seat), game.legalActions(state, seat)))
          fail(o, step, `legal actions of seat ${seat} depend on information it cannot see`);
        const mine = (p: { seat: Seat }[]) => p.filter((x) => x.seat === seat);
        if (!deepEqual(mine(game.prompts(world)), mine(game.prompts(state))))
          fail(o, step, `prompts of seat ${seat} depend on information it cannot see`);
      }
      if (o.perturbHidden && !game.outcome(state)) {
        const other = game.clone(state);
        o.perturbHidden(other, seat, rng.fork('perturb'));
        if (!deepEqual(game.view(other, seat), view))
          fail(o, step, `view of seat ${seat} changes when only hidden information changes`);
      }
    }
    // A rejected action must leave the state untouched.
    const before = stateHash(state);
    const r = game.apply(state, 0, { type: '__not_an_action__' });
    if (r.ok) fail(o, step, 'an unknown action was accepted');
    if (stateHash(state) !== before) fail(o, step, 'a rejected action changed the state');
  };
  for (;;) {
    cheap();
    if (step % every === 0) check();
    if (game.outcome(state)) break;
    if (step >= max) return { actions: step, capped: true, winners: null, reason: null, record };
    const prompt = choosePrompt(game.prompts(state), rng);
    if (!prompt) fail(o, step, 'no prompt and no outcome: the game is stuck');
    const seat = prompt.seat;
    const legal = game.legalActions(state, seat);
    if (legal.length === 0)
      fail(o, step, `seat ${seat} is prompted (${prompt.kind}) but has no legal action`);
    const def = game.defaultAction(state, seat);
    if (!prompt.optional && (def === null || !legal.some((a) => deepEqual(a, def))))
      fail(
        o,
        step,
        `the timeout default of seat ${seat} (${prompt.kind}) is not a legal action: ${JSON.stringify(def)}`,
      );
    const action = o.choose ? o.choose(legal, rng, state, seat) : rng.pick(legal);
    const r = game.apply(state, seat, action);
    if (!r.ok)
      fail(o, step, `a listed legal action was rejected: ${JSON.stringify(action)}: ${r.error.message}`);
    record.actions.push({ seat, action });
    step++;
  }
  if (game.prompts(state).length !== 0) fail(o, step, 'the game is over but still prompts');
  const again = replay<S>(game, record);
  if (!again.ok) fail(o, step, `replay failed: ${again.error.message}`);
  if (stateHash(again.value) !== stateHash(state)) fail(o, step, 'replay reached a different state hash');
  const out = game.outcome(state)!;
  record.outcome = out;
  return { actions: step, capped: false, winners: out.winners, reason: out.reason, record };
}

/** Runs one property game per options (runPropertyGame) and tallies how they ended. */
export function runPropertyGames<S>(game: AnyGame, runs: Iterable<PropertyOptions<S>>): PropertyTally {
  const t: PropertyTally = { games: 0, actions: 0, maxActions: 0, capped: 0, reasons: {} };
  for (const o of runs) {
    const r = runPropertyGame<S>(game, o);
    t.games++;
    t.actions += r.actions;
    t.maxActions = Math.max(t.maxActions, r.actions);
    if (r.capped) t.capped++;
    else t.reasons[r.reason!] = (t.reasons[r.reason!] ?? 0) + 1;
  }
  return t;
}

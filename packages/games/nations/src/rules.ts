/**
 * The Nations rules, by chapter (the rulebook's order): `rules/setup.ts`, the round (`rules/round.ts`,
 * `production.ts`, `war.ts`, `events.ts`), the action phase (`turn.ts`) and its actions (`buy.ts`,
 * `deploy.ts`, `abilities.ts`), acquired cards (`cards.ts`), the card vocabulary (`effects.ts`, `multi.ts`,
 * `triggers.ts`, `payments.ts`), removal (`removal.ts`), end and scoring (`end.ts`), the solo opponent
 * (`solo.ts`) and every decision point on the decision-point kit (`decisions.ts`, `choices.ts`). This file
 * only gathers what the rest of the package and the tests use.
 */
export { RULES_VERSION, fail, RES4, PAY_ORDER } from './rules/core.js';
export { setupState, inst, newUid } from './rules/setup.js';
export { run, runOnly, drain } from './rules/flow.js';
export { checkRemovals } from './rules/removal.js';
export { productionTask } from './rules/production.js';
export { resolveForTest } from './rules/choices.js';
export { allCardPlaces } from './rules/end.js';
export { mainLeft } from './rules/turn.js';
export { apply, prompts, legalActions, defaultAction } from './rules/decisions.js';

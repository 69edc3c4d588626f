export * from './contract.js';
export * from './rng.js';
export * from './json.js';
export * from './i18n.js';
export * from './record.js';
export * from './match.js';
export * from './play.js';
export * from './testkit.js';

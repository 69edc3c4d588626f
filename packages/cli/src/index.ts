/** @tabula/cli: the `tabula` command line (play, simulate, replay), usable as a library by tests. */
export { main, mainHelp } from './main.js';
export type { CliIO, ScriptedIO } from './io.js';
export { nodeIO, scriptedIO } from './io.js';
export { messages } from './messages.js';
export { runSimulation } from './simulate.js';
export type { SimulationReport, Tally } from './simulate.js';
export { loadRecord } from './replay.js';

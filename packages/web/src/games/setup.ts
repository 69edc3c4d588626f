/** Registers the per-game UIs (board pictures and prompt screens). */
export {};

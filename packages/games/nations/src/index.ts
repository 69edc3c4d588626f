/** Nations (Lautapelit 2013): card data and its vocabulary. The rules engine comes later. */
export * from './types.js';
export * from './data.js';

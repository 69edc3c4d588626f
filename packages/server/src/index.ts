export * from './app.js';
export * from './hub.js';
export * from './runtime.js';
export * from './ports.js';
export * from './protocol.js';
export * from './bots.js';
export * from './pubsub.js';
export * from './server.js';

/**
 * Fan-out between server processes. One process alone uses the local bus; with REDIS_URL every
 * process publishes "match X moved to version v" on Redis and the others reload the new actions.
 */
import { EventEmitter } from 'node:events';
import type { Bus } from './ports.js';

export class LocalBus implements Bus {
  private readonly em = new EventEmitter();
  constructor() {
    this.em.setMaxListeners(0);
  }
  async publish(channel: string, message: string): Promise<void> {
    // Delivered asynchronously, like a real broker.
    queueMicrotask(() => this.em.emit(channel, message));
  }
  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    this.em.removeAllListeners(channel);
    this.em.on(channel, handler);
  }
  async unsubscribe(channel: string): Promise<void> {
    this.em.removeAllListeners(channel);
  }
  async close(): Promise<void> {
    this.em.removeAllListeners();
  }
}

export async function redisBus(url: string): Promise<Bus> {
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await pub.connect();
  await sub.connect();
  const handlers = new Map<string, (m: string) => void>();
  sub.on('message', (channel: string, message: string) => handlers.get(channel)?.(message));
  return {
    async publish(channel, message) {
      await pub.publish(channel, message);
    },
    async subscribe(channel, handler) {
      if (!handlers.has(channel)) await sub.subscribe(channel);
      handlers.set(channel, handler);
    },
    async unsubscribe(channel) {
      handlers.delete(channel);
      await sub.unsubscribe(channel);
    },
    async close() {
      sub.disconnect();
      pub.disconnect();
    },
  };
}

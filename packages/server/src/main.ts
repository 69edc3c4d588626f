/**
 * `npm start`: Tabula on http://localhost:8080 with an embedded store (PGlite in ./data) and no other
 * service. With DATABASE_URL it uses PostgreSQL; with REDIS_URL several processes share matches.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer } from './server.js';

const env = process.env;
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(`Usage: tabula-server [--port N] [--host H] [--data DIR]

Starts the Tabula game server (HTTP API, WebSocket and the web client).

Options and environment:
  --port N        PORT           port to listen on (default 8080)
  --host H        HOST           address to bind (default 127.0.0.1; 0.0.0.0 to accept other machines)
  --data DIR      TABULA_DATA    embedded database directory (default ./data)
                  DATABASE_URL   use this PostgreSQL instead of the embedded store
                  REDIS_URL      fan out events through Redis (several server processes)
                  BOT_THREADS    worker threads for bots (default 1)
                  BOT_DELAY_MS   default bot think delay in ms (default 600)
                  WINDOW_MS      minimum time a response window stays open (default 2000)
                  MSG_RATE       WebSocket messages a connection may send per second (default 20)
                  MSG_BURST      burst of WebSocket messages allowed above that rate (default 40)
                  WS_PER_ADDRESS open WebSocket connections one address may hold (default 64)
                  HTTP_RATE      state-changing HTTP requests (POST) an address may make per
                                 minute (default 60)
                  HTTP_BURST     burst of such requests allowed above that rate (default 5)
                  JOURNAL_MS     longest a move waits in the embedded store's journal before it
                                 is written to the database (default 20; the move is stored and
                                 acknowledged once journaled)
                  PUBLIC_URL     the site's address in "your turn" notices (default
                                 http://localhost:PORT); an https address also marks session
                                 cookies Secure
                  SMTP_URL       SMTP server for "your turn" e-mails (smtp://user:pass@host:587
                                 or smtps://…); none: no e-mails
                  MAIL_FROM      the sender of those e-mails (default "Tabula <tabula@localhost>")
                  VAPID_SUBJECT  mailto: or https: address of the operator, for web push
                                 (default PUBLIC_URL)
                  NOTIFY_ANY_HOST=1  webhooks and push services on any host, plain HTTP too
                                 (closed networks, tests); by default public HTTPS hosts only`);
  process.exit(0);
}
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(flag('--port') ?? env.PORT ?? 8080);
const host = flag('--host') ?? env.HOST ?? '127.0.0.1';
const data = resolve(flag('--data') ?? env.TABULA_DATA ?? 'data');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port "${port}".`);
  process.exit(2);
}
/** A whole number from the environment (or `fallback`); anything else stops the start with its name. */
const envInt = (name: string, fallback: number, min: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n >= 2 ** 31) {
    console.error(`Invalid ${name} "${raw}" (a whole number, ${min} or more).`);
    process.exit(2);
  }
  return n;
};
const journalMs = env.JOURNAL_MS === undefined ? undefined : envInt('JOURNAL_MS', 20, 0);
if (!env.DATABASE_URL) mkdirSync(data, { recursive: true });
const server = await startServer({
  port,
  host,
  dataDir: data,
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL,
  botThreads: envInt('BOT_THREADS', 1, 1),
  journalDelayMs: journalMs,
  hub: { botDelayMs: envInt('BOT_DELAY_MS', 600, 0), windowMs: envInt('WINDOW_MS', 2000, 0) },
  rate: { perSecond: envInt('MSG_RATE', 20, 1), burst: envInt('MSG_BURST', 40, 1) },
  wsPerAddress: envInt('WS_PER_ADDRESS', 64, 1),
  httpRate: { perMinute: envInt('HTTP_RATE', 60, 1), burst: envInt('HTTP_BURST', 5, 1) },
  secureCookies: /^https:/i.test(env.PUBLIC_URL ?? ''),
  notify: {
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    vapidSubject: env.VAPID_SUBJECT || undefined,
    allowPrivateHosts: env.NOTIFY_ANY_HOST === '1',
  },
}).catch((e: Error) => {
  console.error(`Tabula could not start: ${e.message}`);
  process.exit(1);
});
console.log(
  `Tabula is running on ${server.url}  (store: ${server.storeKind}${env.REDIS_URL ? ', fan-out: Redis' : ''})`,
);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

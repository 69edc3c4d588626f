/**
 * "Your turn" notices: web push (VAPID-signed, aes128gcm-encrypted, to a fake push service on loopback
 * that decrypts with the subscription's own keys), e-mail (to a local SMTP sink) and a webhook
 * (Discord-compatible JSON) — only to the seat whose decision it is, when it is away, once per decision,
 * as each player chose; bad settings refused with nothing changed.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '@tabula/engine';
import { decryptPayload, encryptPayload, makeVapidKeys, vapidAuthorization } from '../src/notify/push.js';
import { refusedUrl } from '../src/notify/hosts.js';
import type { TestApp } from './helpers.js';
import { Browser, Client, sleep, startApps } from './helpers.js';

/** A local SMTP server that accepts every message and keeps it. */
function smtpSink(): Promise<{ server: TcpServer; port: number; mails: { to: string[]; data: string }[] }> {
  const mails: { to: string[]; data: string }[] = [];
  const server = createTcpServer((sock) => {
    let buf = '';
    let data: string | null = null;
    let to: string[] = [];
    sock.write('220 sink ESMTP\r\n');
    sock.on('error', () => undefined);
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push({ to, data: data + buf.slice(0, end) });
          buf = buf.slice(end + 5);
          data = null;
          to = [];
          sock.write('250 queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') sock.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          sock.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          data = '';
          sock.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          sock.end('221 bye\r\n');
          return;
        } else sock.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, mails }),
    ),
  );
}

/** A local HTTP endpoint that keeps every request (a push service, a webhook). */
function httpSink(): Promise<{
  server: Server;
  url: string;
  hits: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[];
}> {
  const hits: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(parts) });
      res.statusCode = req.url?.startsWith('/push') ? 201 : 204;
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits }),
    ),
  );
}

let A: TestApp;
/** The same store, notices to public HTTPS hosts only (the production setting). */
let P: TestApp;
let close: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof smtpSink>>;
let sink: Awaited<ReturnType<typeof httpSink>>;

beforeAll(async () => {
  smtp = await smtpSink();
  sink = await httpSink();
  const s = await startApps([
    {
      allowSeed: true,
      notify: {
        publicUrl: 'http://tabula.test',
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        mailFrom: 'Tabula <turns@tabula.test>',
        allowPrivateHosts: true,
        graceMs: 100,
      },
    },
    { allowSeed: true },
  ]);
  [A, P] = s.apps as [TestApp, TestApp];
  close = s.close;
});
afterAll(async () => {
  await close?.();
  smtp?.server.close();
  sink?.server.close();
});

describe('push encryption and VAPID', () => {
  it('encrypts so the subscriber decrypts (RFC 8291) and signs a JWT for the endpoint origin (RFC 8292)', () => {
    const ua = createECDH('prime256v1');
    const uaPublic = ua.generateKeys();
    const auth = randomBytes(16);
    const body = encryptPayload(Buffer.from('{"hello":"мир"}'), {
      p256dh: uaPublic.toString('base64url'),
      auth: auth.toString('base64url'),
    });
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(decryptPayload(body, ua.getPrivateKey(), uaPublic, auth).toString()).toBe('{"hello":"мир"}');
    expect(() => decryptPayload(body, ua.getPrivateKey(), uaPublic, randomBytes(16))).toThrow();
    const keys = makeVapidKeys();
    const header = vapidAuthorization('https://push.example.net/x/y', keys, 'mailto:ops@tabula.test', 0);
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(header)!;
    expect(k).toBe(keys.publicKey);
    const [h, c, sig] = jwt!.split('.');
    expect(JSON.parse(Buffer.from(c!, 'base64url').toString())).toEqual({
      aud: 'https://push.example.net',
      exp: 12 * 3600,
      sub: 'mailto:ops@tabula.test',
    });
    const point = Buffer.from(keys.publicKey, 'base64url');
    const pub = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    expect(
      verify(
        'sha256',
        Buffer.from(`${h}.${c}`),
        { key: pub, dsaEncoding: 'ieee-p1363' },
        Buffer.from(sig!, 'base64url'),
      ),
    ).toBe(true);
  });

  it('sends notices to public HTTPS hosts only, unless told otherwise', async () => {
    expect(await refusedUrl('https://127.0.0.1/hook', false)).toMatch(/public/);
    expect(await refusedUrl('https://[::1]/hook', false)).toMatch(/public/);
    expect(await refusedUrl('https://10.1.2.3/hook', false)).toMatch(/public/);
    expect(await refusedUrl('https://169.254.169.254/latest', false)).toMatch(/public/);
    expect(await refusedUrl('http://93.184.216.34/hook', false)).toMatch(/https/);
    expect(await refusedUrl('https://93.184.216.34/hook', false)).toBeNull();
    expect(await refusedUrl('ftp://x', true)).toMatch(/http/);
    expect(await refusedUrl('http://127.0.0.1:9/x', true)).toBeNull();
  });
});

let n = 0;
async function player(app: TestApp, prefix: string) {
  const b = new Browser(app.url);
  const name = `${prefix}${++n}${Math.random().toString(36).slice(2, 6)}`;
  expect((await b.call('POST', '/api/account/signup', { name, password: 'notify me please' })).status).toBe(
    201,
  );
  return { b, name };
}

describe('your turn', () => {
  it('tells only the away seat whose decision it is, once per decision, by push, e-mail and webhook', async () => {
    const ann = await player(A, 'Ann');
    const bob = await player(A, 'Bob');
    // Ann: this browser's push, e-mail and a webhook; Bob: an e-mail only.
    const ua = createECDH('prime256v1');
    const uaPublic = ua.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${sink.url}/push/ann-${n}`;
    const sub = await ann.b.call('POST', '/api/push/subscribe', {
      endpoint,
      keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') },
    });
    expect(sub.status).toBe(200);
    const hook = `${sink.url}/hook/ann-${n}`;
    const annSet = await ann.b.call('POST', '/api/account/settings', {
      notify: {
        push: true,
        email: 'ann@tabula.test',
        emailOn: true,
        webhook: hook,
        webhookOn: true,
        locale: 'en',
      },
    });
    expect(annSet.body.account.notify).toMatchObject({ push: true, emailOn: true, webhookOn: true });
    await bob.b.call('POST', '/api/account/settings', {
      notify: { email: 'bob@tabula.test', emailOn: true },
    });

    const created = await ann.b.call('POST', '/api/matches', {
      game: 'age-of-heroes',
      players: 2,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      seed: 'notify-1',
      name: 'Evening game',
    });
    const id = created.body.id as string;
    // Bob sits at the table (his invite); Ann is away.
    const bc = await Client.connect(A.url, { match: id, token: created.body.seats[1].token }, 'bob', {
      cookie: bob.b.cookie!,
    });
    const rng = new Rng('notify');
    const annMail = () => smtp.mails.filter((m) => m.to.includes('ann@tabula.test'));
    const pushes = () => sink.hits.filter((h) => h.path === new URL(endpoint).pathname);
    const hooks = () => sink.hits.filter((h) => h.path === new URL(hook).pathname);
    // Bob plays until the match waits for Ann.
    for (let i = 0; i < 200 && !(bc.last!.prompts ?? []).length; i++) await sleep(20);
    for (let i = 0; i < 200; i++) {
      const info = (await bob.b.call('GET', `/api/matches/${id}`)).body;
      if (info.waitingFor.includes(0)) break;
      const last = bc.last!;
      if (!(last.prompts ?? []).some((p) => !p.optional)) {
        await sleep(20);
        continue;
      }
      await bc.request({ t: 'act', v: last.v, action: rng.pick(last.legal ?? []) });
    }
    for (let i = 0; i < 200 && (pushes().length < 1 || annMail().length < 1 || hooks().length < 1); i++)
      await sleep(25);
    expect(pushes()).toHaveLength(1);
    expect(annMail()).toHaveLength(1);
    expect(hooks()).toHaveLength(1);

    // The push: VAPID for the push service's origin; decrypted, the notice and the match's link.
    const push = pushes()[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    const shown = JSON.parse(decryptPayload(push.body, ua.getPrivateKey(), uaPublic, auth).toString());
    expect(shown).toEqual({
      title: 'Your turn: Age of Heroes',
      body: `${ann.name}, the match “Evening game” waits for your decision.`,
      url: `http://tabula.test/#/m/${id}`,
      tag: `${id}:0`,
    });
    const mail = annMail()[0]!.data;
    expect(mail).toContain('Subject: Your turn: Age of Heroes');
    expect(mail).toContain(`http://tabula.test/#/m/${id}`);
    const hookBody = JSON.parse(hooks()[0]!.body.toString());
    expect(hookBody).toMatchObject({
      username: 'Tabula',
      content: expect.stringContaining('Your turn: Age of Heroes'),
      tabula: { event: 'yourTurn', match: id, seat: 0, game: 'age-of-heroes' },
    });
    // Bob, at the table, was told nothing.
    expect(smtp.mails.filter((m) => m.to.includes('bob@tabula.test'))).toHaveLength(0);

    // Asked again (another process, a reconnect…), the same decision is not told twice.
    const rt = (await A.app.hub.get(id))!;
    A.app.notifier.changed(rt);
    await sleep(400);
    expect(pushes()).toHaveLength(1);
    expect(annMail()).toHaveLength(1);
    bc.close();
  });

  it('refuses settings and subscriptions it cannot use, changing nothing', async () => {
    const p = await player(P, 'Set');
    const before = (await p.b.call('GET', '/api/account')).body.account.notify;
    for (const [body, code] of [
      [{ notify: { webhook: 'https://127.0.0.1/x', webhookOn: true } }, 'badWebhook'],
      [{ notify: { webhook: 'http://example.com/x' } }, 'badWebhook'],
      [{ notify: { webhook: 'javascript:alert(1)' } }, 'badRequest'],
      [{ notify: { email: 'not an address' } }, 'badRequest'],
      [{ notify: { emailOn: 'yes' } }, 'badRequest'],
      [{ notify: { locale: 'fr' } }, 'badRequest'],
    ] as const) {
      const r = await p.b.call('POST', '/api/account/settings', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe(code);
    }
    expect((await p.b.call('GET', '/api/account')).body.account.notify).toEqual(before);
    const ua = createECDH('prime256v1');
    const key = ua.generateKeys().toString('base64url');
    const bad = [
      {
        endpoint: 'http://127.0.0.1:1/push',
        keys: { p256dh: key, auth: randomBytes(16).toString('base64url') },
      },
      {
        endpoint: 'https://push.example.net/x',
        keys: { p256dh: 'AAAA', auth: randomBytes(16).toString('base64url') },
      },
      { endpoint: 'https://push.example.net/x', keys: { p256dh: key } },
    ];
    for (const b of bad) expect((await p.b.call('POST', '/api/push/subscribe', b)).status).toBe(400);
    const guest = new Browser(P.url);
    expect((await guest.call('POST', '/api/push/subscribe', bad[0])).status).toBe(401);
    expect((await guest.call('GET', '/api/push/key')).body.key).toMatch(/^[\w-]{87}$/);
  });
});

/**
 * Accounts: sign up (claiming the seats a guest played), sign in (rate-limited), sign out, the signed-in
 * player, a password change, claiming guest seats later, and the player's notification settings. See
 * docs/PROTOCOL.md (Accounts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '@tabula/store';
import { nameKey } from '@tabula/store';
import type { AccountInfo, NotifySettings } from '../protocol.js';
import { AccountSettingsBody, ClaimSeats, PasswordChange, SignIn, SignUp } from '../protocol.js';
import { HttpError, parse } from '../faults.js';
import { SignInLimiter } from '../limits.js';
import type { ScryptCost } from '../passwords.js';
import { decoyHash, hashPassword, verifyPassword } from '../passwords.js';
import { settingsOf } from '../ports.js';
import { refusedUrl } from '../notify/hosts.js';
import { SESSION_DAYS, clearedCookie, newSessionToken, sessionCookie, sessionToken } from '../sessions.js';
import type { RouteContext } from './context.js';
import { newId } from './context.js';

export interface AccountRouteOptions {
  /** The password hash's cost (tests use a small one). */
  scrypt: ScryptCost;
  /** Cookies marked Secure (the server is reached over HTTPS). */
  secureCookies: boolean;
  limiter?: SignInLimiter;
  /** Webhooks may go to any host, plain HTTP included (tests, closed networks). */
  allowPrivateHosts?: boolean;
  /** Told when a player's notification settings change (the notifier checks their waiting matches). */
  onSettings?: (a: Account) => void;
}

export function notifyOf(a: Account): NotifySettings {
  return ((a.settings as { notify?: NotifySettings }).notify ?? {}) as NotifySettings;
}

export function accountInfo(a: Account): AccountInfo {
  return { id: a.id, name: a.name, createdAt: a.createdAt.toISOString(), notify: notifyOf(a) };
}

export function accountRoutes(app: FastifyInstance, ctx: RouteContext, o: AccountRouteOptions): void {
  const limiter = o.limiter ?? new SignInLimiter();
  let decoy: Promise<string> | null = null;

  const startSession = async (reply: FastifyReply, a: Account) => {
    const token = newSessionToken();
    await ctx.accounts.createSession(token, a.id, new Date(Date.now() + SESSION_DAYS * 86400_000));
    reply.header('set-cookie', sessionCookie(token, o.secureCookies));
  };

  /** Binds the seats a guest played (their tokens) to an account: those not bound to anyone, one per match. */
  const claim = async (a: Account, seats: readonly { match: string; token: string }[]) => {
    const claimed: { match: string; seat: number }[] = [];
    for (const { match, token } of seats) {
      const m = await ctx.store.getMatch(match);
      if (!m || settingsOf(m).hotseat) continue;
      const s = await ctx.accounts.seatByToken(match, token);
      if (!s || s.accountId !== null) continue;
      if (await ctx.accounts.bindSeat(match, s.seat, a.id)) claimed.push({ match, seat: s.seat });
    }
    for (const c of claimed) await ctx.hub.seatsChanged(c.match);
    return claimed;
  };

  app.post('/api/account/signup', async (req, reply) => {
    const body = parse(SignUp, req.body ?? {});
    const name = body.name.trim();
    const a = await ctx.accounts.create({
      id: newId(),
      name,
      passwordHash: await hashPassword(body.password, o.scrypt),
    });
    if (!a) throw new HttpError(409, 'nameTaken', `The name "${name}" is taken; choose another.`);
    await startSession(reply, a);
    const claimed = await claim(a, body.seats ?? []);
    return reply.status(201).send({ account: accountInfo(a), claimed });
  });

  app.post('/api/account/signin', async (req, reply) => {
    const body = parse(SignIn, req.body ?? {});
    const key = nameKey(body.name.trim());
    if (!limiter.attempt(req.ip, key))
      throw new HttpError(
        429,
        'signInLimited',
        'Too many sign-in attempts; wait a few minutes and try again.',
      );
    const a = await ctx.accounts.byName(body.name.trim());
    const ok = await verifyPassword(
      body.password,
      a?.passwordHash ?? (await (decoy ??= decoyHash(o.scrypt))),
    );
    if (!a || !ok) {
      limiter.failed(key);
      throw new HttpError(401, 'badCredentials', 'That name and password do not match an account.');
    }
    await startSession(reply, a);
    return { account: accountInfo(a) };
  });

  app.post('/api/account/signout', async (req: FastifyRequest, reply) => {
    const token = sessionToken(req.headers);
    if (token) await ctx.accounts.endSession(token);
    reply.header('set-cookie', clearedCookie(o.secureCookies));
    return { ok: true };
  });

  app.get('/api/account', async (req) => {
    const a = await ctx.account(req);
    return { account: a ? accountInfo(a) : null };
  });

  app.post('/api/account/password', async (req) => {
    const a = await ctx.signedIn(req);
    const body = parse(PasswordChange, req.body ?? {});
    // Guessing the current password through a session is limited as signing in is.
    const key = nameKey(a.name);
    if (!limiter.attempt(req.ip, key))
      throw new HttpError(429, 'signInLimited', 'Too many attempts; wait a few minutes and try again.');
    if (!(await verifyPassword(body.current, a.passwordHash))) {
      limiter.failed(key);
      throw new HttpError(403, 'badCredentials', 'The current password is not right; nothing was changed.');
    }
    await ctx.accounts.setPassword(a.id, await hashPassword(body.password, o.scrypt));
    // Every other session ends: whoever knew the old password is signed out everywhere else.
    const ended = await ctx.accounts.endOtherSessions(a.id, sessionToken(req.headers));
    return { ok: true, endedSessions: ended };
  });

  app.post('/api/account/claim', async (req) => {
    const a = await ctx.signedIn(req);
    const body = parse(ClaimSeats, req.body ?? {});
    return { claimed: await claim(a, body.seats) };
  });

  app.post('/api/account/settings', async (req) => {
    const a = await ctx.signedIn(req);
    const body = parse(AccountSettingsBody, req.body ?? {});
    if (body.notify.webhook) {
      const why = await refusedUrl(body.notify.webhook, !!o.allowPrivateHosts);
      if (why) throw new HttpError(400, 'badWebhook', `Invalid request: notify.webhook: ${why}.`);
    }
    const notify = { ...notifyOf(a), ...body.notify };
    const settings = { ...a.settings, notify };
    await ctx.accounts.setSettings(a.id, settings);
    const updated = { ...a, settings };
    o.onSettings?.(updated);
    return { account: accountInfo(updated) };
  });
}

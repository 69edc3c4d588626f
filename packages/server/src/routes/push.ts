/** Web push subscriptions of the signed-in player, and the server's VAPID public key. See docs/PROTOCOL.md. */
import type { FastifyInstance } from 'fastify';
import { PushEndpoint, PushSubscriptionBody } from '../protocol.js';
import { HttpError, parse } from '../faults.js';
import { refusedUrl } from '../notify/hosts.js';
import type { Notifier } from '../notify/notifier.js';
import type { RouteContext } from './context.js';

export function pushRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  notifier: Notifier,
  o: { allowPrivateHosts: boolean },
): void {
  app.get('/api/push/key', async () => ({ key: (await notifier.vapidKeys()).publicKey }));

  app.post('/api/push/subscribe', async (req) => {
    const a = await ctx.signedIn(req);
    const body = parse(PushSubscriptionBody, req.body ?? {});
    const why = await refusedUrl(body.endpoint, o.allowPrivateHosts);
    if (why) throw new HttpError(400, 'badEndpoint', `Invalid request: endpoint: ${why}.`);
    const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
    const auth = Buffer.from(body.keys.auth, 'base64url');
    if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length < 16)
      throw new HttpError(400, 'badRequest', 'Invalid request: keys: not a browser push subscription.');
    await ctx.accounts.addPush(a.id, {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });
    return { ok: true };
  });

  app.post('/api/push/unsubscribe', async (req) => {
    const a = await ctx.signedIn(req);
    const { endpoint } = parse(PushEndpoint, req.body ?? {});
    return { ok: await ctx.accounts.removePush(endpoint, a.id) };
  });
}

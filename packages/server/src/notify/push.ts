/**
 * Web push (RFC 8030) with VAPID (RFC 8292) and message encryption (RFC 8291, aes128gcm, RFC 8188), from
 * node:crypto alone. The server's VAPID key pair is made once, on the first start, and kept in the
 * database (`server_keys`), so every process and every restart signs with the same key.
 */
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPrivateKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
} from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';

export interface VapidKeys {
  /** The public key as the Push API takes it: an uncompressed P-256 point, base64url. */
  publicKey: string;
  /** The private key (JWK). */
  privateJwk: JsonWebKey;
}

export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key (base64url) and auth secret (base64url). */
  p256dh: string;
  auth: string;
}

const b64u = (b: Buffer) => b.toString('base64url');

export function makeVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return { publicKey: b64u(point), privateJwk: privateKey.export({ format: 'jwk' }) };
}

/** The `Authorization` header of a push to `endpoint`: a JWT (ES256) for its origin, and our public key. */
export function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  now = Date.now(),
): string {
  const header = b64u(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = b64u(
    Buffer.from(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        exp: Math.floor(now / 1000) + 12 * 3600,
        sub: subject,
      }),
    ),
  );
  const key = createPrivateKey({ key: keys.privateJwk, format: 'jwk' });
  const sig = sign('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${header}.${claims}.${b64u(sig)}, k=${keys.publicKey}`;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, len: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, len));

/** The keys of one message: the content key and the nonce (RFC 8291 §3.4, RFC 8188 §2.2). */
function messageKeys(ecdhSecret: Buffer, auth: Buffer, uaPublic: Buffer, asPublic: Buffer, salt: Buffer) {
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, auth, keyInfo, 32);
  return {
    cek: hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

/** Encrypts a payload for one subscription: the body of the push request (one record). */
export function encryptPayload(payload: Buffer, target: Pick<PushTarget, 'p256dh' | 'auth'>): Buffer {
  const uaPublic = Buffer.from(target.p256dh, 'base64url');
  const auth = Buffer.from(target.auth, 'base64url');
  const ecdh = createECDH('prime256v1');
  const asPublic = ecdh.generateKeys();
  const secret = ecdh.computeSecret(uaPublic);
  const salt = randomBytes(16);
  const { cek, nonce } = messageKeys(secret, auth, uaPublic, asPublic, salt);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const text = Buffer.concat([
    cipher.update(Buffer.concat([payload, Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const rs = Buffer.alloc(4);
  rs.writeUInt32BE(4096);
  return Buffer.concat([salt, rs, Buffer.from([asPublic.length]), asPublic, text]);
}

/**
 * Decrypts a push body as a browser does (for tests: a fake push service that holds the subscription's
 * private key). Throws if it does not decrypt.
 */
export function decryptPayload(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLen = body[20]!;
  const asPublic = body.subarray(21, 21 + idLen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const secret = ecdh.computeSecret(asPublic);
  const { cek, nonce } = messageKeys(secret, auth, uaPublic, asPublic, salt);
  const data = body.subarray(21 + idLen);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2);
  if (end < 0) throw new Error('no record delimiter');
  return plain.subarray(0, end);
}

/**
 * Sends one push. Resolves with the push service's status: 201 delivered, 404 or 410 the subscription is
 * gone (the caller forgets it).
 */
export async function sendPush(
  target: PushTarget,
  payload: unknown,
  keys: VapidKeys,
  subject: string,
  timeoutMs = 10_000,
): Promise<number> {
  const body = encryptPayload(Buffer.from(JSON.stringify(payload)), target);
  const res = await fetch(target.endpoint, {
    method: 'POST',
    headers: {
      authorization: vapidAuthorization(target.endpoint, keys, subject),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '86400',
      urgency: 'normal',
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

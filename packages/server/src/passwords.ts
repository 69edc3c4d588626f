/**
 * Password hashing with scrypt (RFC 7914, from node:crypto): memory-hard, no native dependency. A hash
 * is kept as `scrypt$N$r$p$salt$key` (base64url), so its cost travels with it and a later, dearer cost
 * applies to new passwords without breaking old ones.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  /** CPU/memory cost, a power of two (default 2^15: 32 MiB and some 50–100 ms a hash). */
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptCost = { N: 1 << 15, r: 8, p: 1 };
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, c: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { N: c.N, r: c.r, p: c.p, maxmem: 256 * c.N * c.r + (1 << 20) },
      (e, key) => (e ? reject(e) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored` (compared in constant time); false for a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((x) => Number.isInteger(x) && x > 0)) return false;
  const want = Buffer.from(key, 'base64url');
  const got = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * A hash of no password at the given cost: signing in under a name nobody has checks the password
 * against it, so the answer takes as long as for a real account.
 */
export function decoyHash(cost: ScryptCost = DEFAULT_SCRYPT): Promise<string> {
  return hashPassword(randomBytes(12).toString('base64url'), cost);
}

/** A token bucket: `capacity` tokens, refilled at `perMinute` tokens a minute. */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();
  constructor(
    private readonly capacity: number,
    private readonly perMinute: number,
  ) {
    this.tokens = capacity;
  }
  /** Whether a token is there now (none is taken). */
  available(): boolean {
    this.refill();
    return this.tokens >= 1;
  }
  private refill(): void {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.perMinute) / 60_000);
    this.last = now;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.perMinute) / 60_000);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * Sign-in attempts: per address (10 at once, then 10 a minute), and failures per account name (5 at once,
 * then one every 3 minutes), so neither one address nor many addresses can guess a player's password at
 * speed. Kept in memory per process (each process of a deployment limits on its own).
 */
export class SignInLimiter {
  private readonly byAddress = new Map<string, TokenBucket>();
  private readonly byName = new Map<string, TokenBucket>();

  constructor(
    private readonly address = { burst: 10, perMinute: 10 },
    private readonly name = { burst: 5, perMinute: 1 / 3 },
  ) {}

  private bucket(map: Map<string, TokenBucket>, key: string, o: { burst: number; perMinute: number }) {
    let b = map.get(key);
    if (!b) {
      // A flood of new keys cannot grow the maps without bound: the oldest half is forgotten.
      if (map.size >= 50_000) for (const k of [...map.keys()].slice(0, 25_000)) map.delete(k);
      map.set(key, (b = new TokenBucket(o.burst, o.perMinute)));
    }
    return b;
  }

  /** Takes one attempt of an address for a name; false if either has none left. */
  attempt(address: string, name: string): boolean {
    if (!this.bucket(this.byName, name, this.name).available()) return false;
    return this.bucket(this.byAddress, address, this.address).take();
  }

  /** A wrong password for a name costs one of its failures. */
  failed(name: string): void {
    this.bucket(this.byName, name, this.name).take();
  }
}

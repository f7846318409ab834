/**
 * Attempt limits in a sliding window, in memory (a restart forgets them). An attempt is reserved
 * before the secret is checked, synchronously, so parallel requests cannot all pass the check
 * before any of them is counted; a successful attempt gives its reservation back.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>()

  constructor(
    readonly maxAttempts: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.attempts.get(key) ?? []).filter((at) => now - at < this.windowMs)
    if (kept.length) this.attempts.set(key, kept)
    else this.attempts.delete(key)
    return kept
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.maxAttempts
  }

  /** Counts an attempt unless the key is at its limit; false means refuse without checking. */
  tryReserve(key: string, now = Date.now()): boolean {
    const recent = this.recent(key, now)
    if (recent.length >= this.maxAttempts) return false
    this.attempts.set(key, [...recent, now])
    return true
  }

  /** Gives back one reservation (the attempt succeeded). */
  release(key: string): void {
    const recent = this.attempts.get(key)
    if (!recent?.length) return
    recent.pop()
    if (!recent.length) this.attempts.delete(key)
  }

  reset(key: string): void {
    this.attempts.delete(key)
  }
}

/** Several limiters reserved together: all or none. */
export class AttemptGuard {
  private readonly held: Array<[AttemptLimiter, string]> = []

  /** Reserves one attempt on each [limiter, key]; false (and nothing held) if any is at its limit. */
  static reserve(pairs: Array<[AttemptLimiter, string]>): AttemptGuard | undefined {
    const guard = new AttemptGuard()
    for (const [limiter, key] of pairs) {
      if (!limiter.tryReserve(key)) {
        guard.release()
        return undefined
      }
      guard.held.push([limiter, key])
    }
    return guard
  }

  release(): void {
    for (const [limiter, key] of this.held.splice(0)) limiter.release(key)
  }
}

/**
 * The clients an account signed in from in the last 30 days (in memory). An account's ceiling of
 * wrong passwords from all clients does not count them, so a distributed guess cannot lock the
 * owner out of the devices they use; a new device waits, or signs in with an e-mailed link.
 */
export class KnownClients {
  private readonly seen = new Map<string, Map<string, number>>()

  constructor(private readonly forgetAfterMs = 30 * 24 * 60 * 60_000) {}

  remember(account: string, client: string, now = Date.now()): void {
    const clients = this.seen.get(account) ?? new Map<string, number>()
    clients.set(client, now)
    this.seen.set(account, clients)
  }

  knows(account: string, client: string, now = Date.now()): boolean {
    const at = this.seen.get(account)?.get(client)
    return at !== undefined && now - at < this.forgetAfterMs
  }
}

export interface AuthLimiters {
  /** Wrong passwords for one account from one client. */
  signInPerAccountAndClient: AttemptLimiter
  /** Wrong passwords from one client across all accounts (password spraying). */
  signInPerClient: AttemptLimiter
  /** Wrong passwords for one account from all clients together (a distributed guess), not counting its known clients. */
  signInPerAccount: AttemptLimiter
  /** Clients each account signed in from. */
  knownClients: KnownClients
  /** Failed /verify attempts from one client. */
  verifyPerClient: AttemptLimiter
  /** Wrong tries at one e-mailed code; at the limit the address's outstanding codes are invalidated. */
  verifyPerEmail: AttemptLimiter
}

const FIVE_MINUTES = 5 * 60_000

export function createAuthLimiters(): AuthLimiters {
  return {
    signInPerAccountAndClient: new AttemptLimiter(10, FIVE_MINUTES),
    signInPerClient: new AttemptLimiter(30, FIVE_MINUTES),
    signInPerAccount: new AttemptLimiter(100, FIVE_MINUTES),
    knownClients: new KnownClients(),
    verifyPerClient: new AttemptLimiter(30, FIVE_MINUTES),
    verifyPerEmail: new AttemptLimiter(5, 60 * 60_000),
  }
}

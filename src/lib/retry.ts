/**
 * The app's one network-retry rule for writes: a call that fails because the network
 * did (a NetworkFailure from `fetchOrNetworkFailure`, as supabase-js passes it on, or the browser
 * is offline) is tried again, up to 3 attempts in all, waiting min(1000·2^n, 5000) ms after the n-th
 * failure counted from 0: 1 s, then 2 s. Any other error (a refusal, a validation message) is
 * thrown at once: retrying it would only repeat it.
 *
 * The query client applies it to every mutation (`retriesNetworkFailure`, `networkRetryDelay`).
 * `withNetworkRetry` applies it to one step where a whole mutation must not be repeated (a write
 * of several steps, the edge-function calls reads share); a failure it gave up on is not retried
 * again by the mutation around it.
 */

const maxNetworkAttempts = 3

const maxDelayMs = 5000

/** Milliseconds to wait after failed attempt number `attempt` (1-based): 1000, 2000, 4000, 5000 … */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), maxDelayMs)
}

/**
 * The names of the failures to get an answer: ours (src/lib/network-failure.ts, which every request
 * of the app goes through), and supabase-js's wrappers of a failed fetch (functions, auth).
 */
const networkFailureNames = new Set(['NetworkFailure', 'FunctionsFetchError', 'AuthRetryableFetchError'])

/**
 * Whether `error`, or an error it wraps, is a failure to get an answer, by its kind. supabase-js
 * keeps the fetch's error as `cause`, `context` or `originalError`; PostgREST's client folds it into
 * `{ message: 'NetworkFailure: …', status: 0 }`, where the name leads the message.
 */
function isFailureToReach(error: unknown): boolean {
  return isOrWraps(error, (name, message, outer) => {
    // The browser's own failure to fetch, load a module or send an XMLHttpRequest, in any wording.
    if (outer instanceof TypeError) return true
    return networkFailureNames.has(name) || message.startsWith('NetworkFailure: ')
  })
}

/**
 * Whether `error`, or an error it wraps, is an abort: the request was stopped on purpose (a query
 * nobody needs any more, through TanStack's `signal`), so trying it again would be wrong.
 */
function isAbort(error: unknown): boolean {
  return isOrWraps(error, (name, message) => name === 'AbortError' || message.startsWith('AbortError: '))
}

/** Whether `test` holds for `error` or an error it wraps (in `cause`, `context` or `originalError`). */
function isOrWraps(
  error: unknown,
  test: (name: string, message: string, outer: object) => boolean,
  depth = 0,
): boolean {
  if (depth > 3 || typeof error !== 'object' || error === null) return false
  const { name, message, cause, context, originalError } = error as Record<string, unknown>
  if (test(typeof name === 'string' ? name : '', typeof message === 'string' ? message : '', error)) return true
  return [cause, context, originalError].some((inner) => isOrWraps(inner, test, depth + 1))
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/**
 * True when `error` is a failure to reach the server rather than the server's answer. supabase-js
 * wraps the browser's TypeError (postgrest: in `message`; auth: `AuthRetryableFetchError`;
 * functions: `FunctionsFetchError` with the original in `context`), so wrapped errors are read too.
 */
export function isNetworkError(error: unknown): boolean {
  if (isAbort(error)) return false
  if (isOffline()) return true
  return isFailureToReach(error)
}

/** Network failures a `withNetworkRetry` already tried 3 times: nothing retries them again. */
const retriedOut = new WeakSet<object>()

/**
 * The rule as TanStack Query's `retry` option: `failureCount` is the number of failures before
 * this one (0 on the first), so a network failure gets a second and a third attempt.
 */
export function retriesNetworkFailure(failureCount: number, error: unknown): boolean {
  const givenUp = typeof error === 'object' && error !== null && retriedOut.has(error)
  return failureCount + 1 < maxNetworkAttempts && !givenUp && isNetworkError(error)
}

/** The rule's wait as TanStack Query's `retryDelay` option: 1 s after the first failure, then 2 s. */
export function networkRetryDelay(failureCount: number): number {
  return retryDelayMs(failureCount + 1)
}

export interface NetworkRetryOptions {
  /** Called before each wait with the number of the attempt that failed (1, 2), e.g. for "attempt n/3". */
  onRetry?: (failedAttempt: number, delayMs: number, error: unknown) => void
  /** How to wait (tests pass a recorder or rely on fake timers). */
  wait?: (ms: number) => Promise<void>
}

const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Runs `operation`, retrying network failures as the rule above says; the last error is thrown. */
export async function withNetworkRetry<T>(operation: () => Promise<T>, options: NetworkRetryOptions = {}): Promise<T> {
  const wait = options.wait ?? waitFor
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation()
    } catch (error) {
      if (!isNetworkError(error)) throw error
      if (attempt >= maxNetworkAttempts) {
        if (typeof error === 'object' && error !== null) retriedOut.add(error)
        throw error
      }
      const delayMs = retryDelayMs(attempt)
      options.onRetry?.(attempt, delayMs, error)
      await wait(delayMs)
    }
  }
}

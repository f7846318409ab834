import { isNetworkError, withNetworkRetry, type NetworkRetryOptions } from '@/lib/retry'

/** Carries a supabase-js result out of `withNetworkRetry`, which retries what it reads as a network error. */
class UnreachedServer<R> extends Error {
  constructor(readonly result: R) {
    super('NetworkError: the request did not reach the server')
  }
}

/**
 * The app's network-retry rule (src/lib/retry.ts) for supabase-js calls, which do not throw but
 * answer `{ data, error }`: a result whose error is a network failure is tried again (3 attempts
 * in all); the last result is returned either way, a refusal at once.
 */
export async function withNetworkRetryResult<R extends { error: unknown }>(
  call: () => PromiseLike<R>,
  options: NetworkRetryOptions = {},
): Promise<R> {
  try {
    return await withNetworkRetry(async () => {
      const result = await call()
      if (result.error && isNetworkError(result.error)) throw new UnreachedServer(result)
      return result
    }, options)
  } catch (error) {
    if (error instanceof UnreachedServer) return error.result as R
    throw error
  }
}

/**
 * Requests the built page's inline head script starts before the app's code has loaded
 * (src/early-start.ts), handed over to the app's code through the window: the head script and the
 * app are two bundles of the same modules, and each request is made once.
 */

interface EarlyRequest {
  promise: Promise<unknown>
  /** Set once the answer has come. */
  arrived?: { value: unknown }
}

declare global {
  interface Window {
    __zochrimEarlyRequests?: Map<string, EarlyRequest>
  }
}

function requests(): Map<string, EarlyRequest> {
  return (window.__zochrimEarlyRequests ??= new Map())
}

/** Starts the request under `key`, or returns the one already started. */
export function startEarlyRequest<Value>(key: string, request: () => Promise<Value>): Promise<Value> {
  const started = requests().get(key)
  if (started) return started.promise as Promise<Value>
  const entry: EarlyRequest = { promise: request() }
  entry.promise.then(
    (value) => (entry.arrived = { value }),
    () => undefined,
  )
  requests().set(key, entry)
  return entry.promise as Promise<Value>
}

/** The request under `key`, once: later fetches (a retry, a refresh) go the usual way. */
export function takeEarlyRequest<Value>(key: string): Promise<Value> | undefined {
  const entry = requests().get(key)
  requests().delete(key)
  return entry?.promise as Promise<Value> | undefined
}

/** The answer under `key`, once, when it has already come: the app's first render can show it. */
export function takeArrivedAnswer<Value>(key: string): { value: Value } | undefined {
  const arrived = requests().get(key)?.arrived as { value: Value } | undefined
  if (arrived) requests().delete(key)
  return arrived
}

/**
 * A request that never got an answer: the server could not be reached. Each engine words fetch's
 * failure differently (Chromium "Failed to fetch", Firefox "NetworkError when attempting to fetch
 * resource.", Safari "Load failed"), but all reject with a TypeError; `fetchOrNetworkFailure`
 * turns that kind into this one, so the app recognises it by its name, never by the browser's text.
 */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure'
}

/** `fetch`, rejecting with a NetworkFailure (the browser's error as its cause) when nothing answered. */
export async function fetchOrNetworkFailure(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init)
  } catch (error) {
    // An abort is a DOMException (AbortError), not a TypeError: it stays what it is.
    if (error instanceof TypeError) throw new NetworkFailure(error.message, { cause: error })
    throw error
  }
}

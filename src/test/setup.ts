import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Unit tests never reach a server, even when a local stack is running: every request fails as it
// would with nothing listening. A test that needs an answer stubs fetch itself.
globalThis.fetch = () => Promise.reject(new TypeError('fetch failed: unit tests have no network'))

// Screens load lazily and files run in parallel on a 2-core machine: give findBy/waitFor room.
configure({ asyncUtilTimeout: 5000 })

// A file that runs in Node (`@vitest-environment node`, e.g. the PDF album's) has no DOM to clean.
if (typeof window !== 'undefined') {
  afterEach(() => {
    cleanup()
    window.localStorage.clear()
  })

  // jsdom does not scroll; these no-ops stand in so tests can spy on them.
  window.scrollTo = () => {}
  Element.prototype.scrollIntoView = () => {}
}

import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Screens load lazily and files run in parallel on a 2-core machine: give findBy/waitFor room.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})

// jsdom does not scroll; these no-ops stand in so tests can spy on them.
window.scrollTo = () => {}
Element.prototype.scrollIntoView = () => {}

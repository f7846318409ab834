import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})

// jsdom does not scroll; these no-ops stand in so tests can spy on them.
window.scrollTo = () => {}
Element.prototype.scrollIntoView = () => {}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firstContentShown, picturesShown } from './paint-shown'

/** A PerformanceObserver that reports what the test tells it to, for the entry types given. */
function fakeObserver(supported: string[]) {
  const observers: Array<{ type: string; callback: PerformanceObserverCallback; self: PerformanceObserver }> = []
  class FakeObserver {
    static supportedEntryTypes = supported
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe({ type }: { type: string }) {
      observers.push({ type, callback: this.callback, self: this as unknown as PerformanceObserver })
    }
    disconnect() {
      const index = observers.findIndex((observer) => observer.self === (this as unknown as PerformanceObserver))
      if (index >= 0) observers.splice(index, 1)
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  return {
    report(type: string, entries: Array<Record<string, unknown>>) {
      for (const observer of observers.filter((candidate) => candidate.type === type)) {
        const list = { getEntries: () => entries as unknown as PerformanceEntryList } as PerformanceObserverEntryList
        observer.callback(list, observer.self)
      }
    },
    watching: () => observers.length,
  }
}

function loadedPicture(): HTMLImageElement {
  const picture = document.createElement('img')
  Object.defineProperty(picture, 'complete', { value: true })
  Object.defineProperty(picture, 'naturalWidth', { value: 400 })
  return picture
}

/** Whether the promise has settled once pending timers and frames have run. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false
  void promise.then(() => (settled = true))
  await vi.advanceTimersByTimeAsync(ms)
  return settled
}

describe('when the first paint is on screen', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('waits for the first-contentful-paint entry, not for a frame', async () => {
    const browser = fakeObserver(['paint', 'element'])
    const shown = firstContentShown()
    expect(await settledAfter(shown, 100)).toBe(false)
    browser.report('paint', [{ name: 'first-paint' }])
    expect(await settledAfter(shown, 100)).toBe(false)
    browser.report('paint', [{ name: 'first-contentful-paint' }])
    expect(await settledAfter(shown, 10)).toBe(true)
    expect(browser.watching()).toBe(0)
  })

  it('gives up waiting after three seconds without a report', async () => {
    fakeObserver(['paint'])
    const shown = firstContentShown()
    expect(await settledAfter(shown, 2900)).toBe(false)
    expect(await settledAfter(shown, 200)).toBe(true)
  })

  it('waits for a frame where paints are not reported, and not at all in a hidden tab', async () => {
    vi.stubGlobal('PerformanceObserver', undefined)
    expect(await settledAfter(firstContentShown(), 50)).toBe(true)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    fakeObserver(['paint'])
    expect(await settledAfter(firstContentShown(), 0)).toBe(true)
  })

  it("waits for every loaded picture's own paint", async () => {
    const browser = fakeObserver(['paint', 'element'])
    const banner = loadedPicture()
    const portrait = loadedPicture()
    const broken = document.createElement('img')
    const shown = picturesShown([banner, portrait, broken])
    browser.report('paint', [{ name: 'first-contentful-paint' }])
    browser.report('element', [{ element: banner }])
    expect(await settledAfter(shown, 100)).toBe(false)
    browser.report('element', [{ element: portrait }])
    expect(await settledAfter(shown, 10)).toBe(true)
  })

  it('without a loaded picture, waits for the first content', async () => {
    const browser = fakeObserver(['paint', 'element'])
    const shown = picturesShown([document.createElement('img')])
    expect(await settledAfter(shown, 100)).toBe(false)
    browser.report('paint', [{ name: 'first-contentful-paint' }])
    expect(await settledAfter(shown, 10)).toBe(true)
  })
})

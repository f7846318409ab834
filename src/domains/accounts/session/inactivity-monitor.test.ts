import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  ACTIVITY_EVENTS,
  INACTIVITY_CHECK_INTERVAL_MS,
  createInactivityMonitor,
  startInactivityWatch,
  type InactivityClock,
} from './inactivity-monitor'
import { useSessionInactivityWatch } from './useSessionInactivityWatch'

const MINUTE = 60_000

/** A clock that moves only when told, running due interval callbacks on the way. */
function fakeClock() {
  let now = 1_000_000
  let nextHandle = 1
  const intervals = new Map<number, { callback: () => void; ms: number; due: number }>()
  const clock: InactivityClock = {
    now: () => now,
    setInterval: (callback, ms) => {
      intervals.set(nextHandle, { callback, ms, due: now + ms })
      return nextHandle++
    },
    clearInterval: (handle) => void intervals.delete(handle),
  }
  const advance = (ms: number) => {
    const end = now + ms
    for (;;) {
      const next = [...intervals.values()].filter((entry) => entry.due <= end).sort((a, b) => a.due - b.due)[0]
      if (!next) break
      now = next.due
      next.due += next.ms
      next.callback()
    }
    now = end
  }
  return { clock, advance, activeIntervals: () => intervals.size }
}

describe('session inactivity', () => {
  it('flags once after 30 minutes without activity, checking every 5 minutes', () => {
    const { clock, advance } = fakeClock()
    const onInactive = vi.fn()
    const target = new EventTarget()
    startInactivityWatch({ clock, target, onInactive })

    advance(29 * MINUTE)
    expect(onInactive).not.toHaveBeenCalled()
    advance(1 * MINUTE)
    expect(onInactive).toHaveBeenCalledTimes(1)
    expect(onInactive).toHaveBeenCalledWith(30 * MINUTE)
    advance(20 * MINUTE)
    expect(onInactive).toHaveBeenCalledTimes(1)
  })

  it('starts counting again from the latest activity, and flags the next idle stretch', () => {
    const { clock, advance } = fakeClock()
    const onInactive = vi.fn()
    const target = new EventTarget()
    startInactivityWatch({ clock, target, onInactive })

    advance(20 * MINUTE)
    target.dispatchEvent(new Event('keypress'))
    advance(25 * MINUTE)
    expect(onInactive).not.toHaveBeenCalled()
    advance(5 * MINUTE)
    expect(onInactive).toHaveBeenCalledTimes(1)

    target.dispatchEvent(new Event('touchstart'))
    advance(29 * MINUTE)
    expect(onInactive).toHaveBeenCalledTimes(1)
    advance(INACTIVITY_CHECK_INTERVAL_MS)
    expect(onInactive).toHaveBeenCalledTimes(2)
  })

  it('counts every listed kind of activity', () => {
    for (const type of ACTIVITY_EVENTS) {
      const { clock, advance } = fakeClock()
      const onInactive = vi.fn()
      const target = new EventTarget()
      startInactivityWatch({ clock, target, onInactive })
      advance(15 * MINUTE)
      target.dispatchEvent(new Event(type))
      advance(25 * MINUTE)
      expect(onInactive, type).not.toHaveBeenCalled()
    }
  })

  it('notes activity at most every 10 seconds', () => {
    const { clock, advance } = fakeClock()
    const monitor = createInactivityMonitor(clock, vi.fn())
    const start = clock.now()
    advance(4_000)
    monitor.recordActivity()
    expect(monitor.lastActivityAt()).toBe(start)
    advance(6_000)
    monitor.recordActivity()
    expect(monitor.lastActivityAt()).toBe(start + 10_000)
  })

  it('removes its listeners and its interval when stopped', () => {
    const { clock, advance, activeIntervals } = fakeClock()
    const onInactive = vi.fn()
    const target = new EventTarget()
    const remove = vi.spyOn(target, 'removeEventListener')
    const stop = startInactivityWatch({ clock, target, onInactive })
    expect(activeIntervals()).toBe(1)
    stop()
    expect(activeIntervals()).toBe(0)
    expect(remove).toHaveBeenCalledTimes(ACTIVITY_EVENTS.length)
    advance(60 * MINUTE)
    expect(onInactive).not.toHaveBeenCalled()
  })
})

describe('useSessionInactivityWatch', () => {
  it('adds no listener without a signed-in user, and one per activity kind with one', () => {
    const add = vi.spyOn(window, 'addEventListener')
    const remove = vi.spyOn(window, 'removeEventListener')
    const activityKinds = (spy: typeof add) =>
      spy.mock.calls.map(([type]) => type).filter((type) => (ACTIVITY_EVENTS as readonly string[]).includes(type))

    const anonymous = renderHook(() => useSessionInactivityWatch(null))
    expect(activityKinds(add)).toEqual([])
    anonymous.unmount()

    const signedIn = renderHook(() => useSessionInactivityWatch('user-1'))
    expect(activityKinds(add).sort()).toEqual([...ACTIVITY_EVENTS].sort())
    signedIn.unmount()
    expect(activityKinds(remove).sort()).toEqual([...ACTIVITY_EVENTS].sort())
  })
})

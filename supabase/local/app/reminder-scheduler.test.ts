import { describe, expect, it } from 'vitest'
import { RUN_HOUR_UTC, msUntilNextRun, startReminderScheduler, type SchedulerClock } from './reminder-scheduler.ts'

const HOUR = 60 * 60 * 1000

/** A clock whose timers run only when the test fires them. */
function manualClock(start: string) {
  let now = new Date(start)
  const timers: { at: number; callback: () => void }[] = []
  const clock: SchedulerClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const timer = { at: now.getTime() + ms, callback }
      timers.push(timer)
      return timer
    },
    clearTimeout: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number])
      if (index >= 0) timers.splice(index, 1)
    },
  }
  const fireNext = () => {
    timers.sort((a, b) => a.at - b.at)
    const timer = timers.shift()!
    now = new Date(timer.at)
    timer.callback()
    return now
  }
  return { clock, timers, fireNext }
}

describe('reminder scheduler', () => {
  it('waits until the next run hour, today or tomorrow', () => {
    expect(msUntilNextRun(new Date(`2026-11-25T0${RUN_HOUR_UTC - 1}:00:00Z`))).toBe(HOUR)
    expect(msUntilNextRun(new Date(`2026-11-25T0${RUN_HOUR_UTC}:00:00Z`))).toBe(24 * HOUR)
    expect(msUntilNextRun(new Date('2026-12-31T23:00:00Z'))).toBe((RUN_HOUR_UTC + 1) * HOUR)
  })

  it('runs soon after the start, then daily at the run hour, and stops', async () => {
    const { clock, timers, fireNext } = manualClock('2026-11-25T12:00:00Z')
    const runs: string[] = []
    const logs: string[] = []
    let resolveRun: () => void = () => {}
    const run = () => {
      runs.push(clock.now().toISOString())
      return new Promise<string>((resolve) => {
        resolveRun = () => resolve('200 {"sent":0}')
      })
    }
    const runNews = () => new Promise<string>(() => {})
    const scheduler = startReminderScheduler('http://api.invalid', (line) => logs.push(line), { clock, run, runNews })
    fireNext()
    expect(runs).toEqual(['2026-11-25T12:00:30.000Z'])
    resolveRun()
    await expect.poll(() => timers.length).toBe(2)
    expect(logs).toEqual(['send-reminders: 200 {"sent":0}'])
    expect(timers.map((timer) => new Date(timer.at).toISOString()).sort()).toEqual([
      '2026-11-25T12:15:00.000Z',
      `2026-11-26T0${RUN_HOUR_UTC}:00:00.000Z`,
    ])
    scheduler.stop()
    resolveRun()
    await Promise.resolve()
    expect(timers).toEqual([])
  })

  it('runs send-memory-news every 15 minutes', async () => {
    const { clock, timers, fireNext } = manualClock('2026-11-25T12:00:00Z')
    const newsRuns: string[] = []
    const runNews = () => {
      newsRuns.push(clock.now().toISOString())
      return Promise.resolve('200 {"sent":1}')
    }
    const logs: string[] = []
    const scheduler = startReminderScheduler('http://api.invalid', (line) => logs.push(line), {
      clock,
      run: () => new Promise<string>(() => {}),
      runNews,
    })
    fireNext()
    for (let run = 0; run < 3; run += 1) {
      await expect.poll(() => timers.length).toBe(1)
      fireNext()
    }
    expect(newsRuns).toEqual(['2026-11-25T12:15:00.000Z', '2026-11-25T12:30:00.000Z', '2026-11-25T12:45:00.000Z'])
    await expect.poll(() => logs.length).toBe(3)
    expect(logs[0]).toBe('send-memory-news: 200 {"sent":1}')
    scheduler.stop()
    expect(timers).toEqual([])
  })
})

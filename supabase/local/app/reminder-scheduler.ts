/**
 * זוכרים's scheduled jobs on the local stack: what Supabase Cron does on hosted Supabase. It calls the
 * send-reminders function every day at RUN_HOUR_UTC, and once shortly after the stack starts (a
 * day the machine was off is caught up; send-reminders sends each reminder only once), and
 * send-memory-news every 15 minutes. Off when STACK_SCHEDULED_JOBS=off (the test stacks:
 * their tests call the functions themselves).
 */

export const RUN_HOUR_UTC = 5
const FIRST_RUN_DELAY_MS = 30_000

/** Milliseconds from `now` to the next RUN_HOUR_UTC:00. */
export function msUntilNextRun(now: Date): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC))
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1)
  return next.getTime() - now.getTime()
}

import { functionEnvironment } from '../functions/env.ts'
import type { Stack, StackJobs } from '../types.ts'

export interface SchedulerClock {
  now(): Date
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const systemClock: SchedulerClock = {
  now: () => new Date(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** send-memory-news runs every 15 minutes, as its Supabase Cron job does on hosted. */
const NEWS_EVERY_MS = 15 * 60_000

/** Calls a scheduled function as Supabase Cron does: with the secret the functions run with. */
async function callJob(apiUrl: string, name: string, secret: string): Promise<string> {
  const response = await fetch(`${apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { 'x-reminders-secret': secret, 'content-type': 'application/json' },
    body: '{}',
  })
  return `${response.status} ${await response.text()}`
}

export function startReminderScheduler(
  apiUrl: string,
  log: (message: string) => void,
  {
    clock = systemClock,
    schedulerSecret = () => '',
    run = () => callJob(apiUrl, 'send-reminders', schedulerSecret()),
    runNews = () => callJob(apiUrl, 'send-memory-news', schedulerSecret()),
  }: {
    clock?: SchedulerClock
    schedulerSecret?: () => string
    run?: () => Promise<string>
    runNews?: () => Promise<string>
  } = {},
): StackJobs {
  const handles = new Map<string, unknown>()
  let stopped = false
  const repeat = (name: string, job: () => Promise<string>, nextDelay: () => number, firstDelay: number) => {
    const schedule = (ms: number) => {
      if (stopped) return
      const timer = clock.setTimeout(() => void tick(), ms)
      ;(timer as { unref?: () => void }).unref?.()
      handles.set(name, timer)
    }
    const tick = async () => {
      try {
        log(`${name}: ${await job()}`)
      } catch (error) {
        log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
      schedule(nextDelay())
    }
    schedule(firstDelay)
  }
  repeat('send-reminders', run, () => msUntilNextRun(clock.now()), FIRST_RUN_DELAY_MS)
  repeat('send-memory-news', runNews, () => NEWS_EVERY_MS, NEWS_EVERY_MS)
  return {
    stop() {
      stopped = true
      for (const handle of handles.values()) clock.clearTimeout(handle)
    },
  }
}

/** The app's StackApp.startJobs: the schedule above, called with the secret the functions run with. */
export function startAppJobs(stack: Stack): StackJobs {
  const schedulerSecret = () => functionEnvironment(stack).REMINDERS_CRON_SECRET ?? ''
  return startReminderScheduler(stack.urls.api, stack.log, { schedulerSecret })
}

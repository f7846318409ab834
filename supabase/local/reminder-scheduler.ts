/**
 * The local stack's daily job: what Supabase Cron does on hosted Supabase. It calls the
 * send-reminders function every day at RUN_HOUR_UTC, and once shortly after the stack starts (a
 * day the machine was off is caught up; send-reminders sends each reminder only once). Off when
 * STACK_REMINDER_SCHEDULER=off (the test stacks: their tests call send-reminders themselves,
 * with the day they need).
 */

export const RUN_HOUR_UTC = 5
const FIRST_RUN_DELAY_MS = 30_000

/** Milliseconds from `now` to the next RUN_HOUR_UTC:00. */
export function msUntilNextRun(now: Date): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC))
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1)
  return next.getTime() - now.getTime()
}

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

/** Calls send-reminders as Supabase Cron does: with the secret the functions run with. */
async function callSendReminders(apiUrl: string, secret: string): Promise<string> {
  const response = await fetch(`${apiUrl}/functions/v1/send-reminders`, {
    method: 'POST',
    headers: { 'x-reminders-secret': secret, 'content-type': 'application/json' },
    body: '{}',
  })
  return `${response.status} ${await response.text()}`
}

export interface ReminderScheduler {
  stop(): void
}

export function startReminderScheduler(
  apiUrl: string,
  log: (message: string) => void,
  {
    clock = systemClock,
    schedulerSecret = () => '',
    run = () => callSendReminders(apiUrl, schedulerSecret()),
  }: { clock?: SchedulerClock; schedulerSecret?: () => string; run?: () => Promise<string> } = {},
): ReminderScheduler {
  let handle: unknown = null
  let stopped = false
  const schedule = (ms: number) => {
    if (stopped) return
    const timer = clock.setTimeout(() => void tick(), ms)
    ;(timer as { unref?: () => void }).unref?.()
    handle = timer
  }
  const tick = async () => {
    try {
      log(`send-reminders: ${await run()}`)
    } catch (error) {
      log(`send-reminders failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    schedule(msUntilNextRun(clock.now()))
  }
  schedule(FIRST_RUN_DELAY_MS)
  return {
    stop() {
      stopped = true
      clock.clearTimeout(handle)
    },
  }
}

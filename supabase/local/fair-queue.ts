/**
 * The order in which work reaches PGlite's one connection. Work is queued in lanes: one per client
 * address for the API's callers, and the stack's own lane (the functions' secret-key calls, auth,
 * migrations). The engine takes turns: the stack's lane every other turn while it has work, and
 * of the client lanes the one served least recently (a new client first), one task at a time, so
 * a client that queues many slow requests delays another client by the one task already running,
 * never by its whole queue. Work that waits past its limit is refused with EngineWaitTimeout
 * before it reaches the engine, as PostgREST answers a request that found no free connection in
 * time.
 */

export const STACK_LANE = 'stack'

/** No connection freed up in time for the work (PostgREST's PGRST003, 504). */
export class EngineWaitTimeout extends Error {
  constructor(readonly waitedMs: number) {
    super('Timed out acquiring connection from connection pool.')
  }
}

interface Waiting {
  lane: string
  start(): void
}

export interface QueueOptions {
  /** Whose work this is: a client's address, or STACK_LANE (the default). */
  lane?: string
  /** Longest wait for the engine; past it the work is refused with EngineWaitTimeout. */
  waitLimitMs?: number
}

/** How many client lanes' last turns are remembered (the oldest is forgotten first). */
const REMEMBERED_LANES = 10_000

export class FairQueue {
  /** Lanes with waiting work, in the order they first queued. */
  private readonly lanes = new Map<string, Waiting[]>()
  /** The turn at which each client lane was last served, least recent first. */
  private readonly lastServed = new Map<string, number>()
  private turns = 0
  private busy = false
  private stackTurn = true

  run<T>(task: () => Promise<T>, options: QueueOptions = {}): Promise<T> {
    const lane = options.lane || STACK_LANE
    return new Promise<T>((resolve, reject) => {
      const queuedAt = Date.now()
      let timer: NodeJS.Timeout | undefined
      const entry: Waiting = {
        lane,
        start: () => {
          clearTimeout(timer)
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => this.next())
        },
      }
      if (options.waitLimitMs && options.waitLimitMs > 0) {
        timer = setTimeout(() => {
          if (this.remove(entry)) reject(new EngineWaitTimeout(Date.now() - queuedAt))
        }, options.waitLimitMs)
      }
      const queue = this.lanes.get(lane)
      if (queue) queue.push(entry)
      else this.lanes.set(lane, [entry])
      if (!this.busy) this.next()
    })
  }

  /** How many tasks wait, per lane (for tests and logs). */
  waiting(): Record<string, number> {
    return Object.fromEntries([...this.lanes].map(([lane, queue]) => [lane, queue.length]))
  }

  private next(): void {
    const entry = this.take()
    this.busy = entry !== undefined
    entry?.start()
  }

  /** The waiting client lane served least recently; of lanes never served, the first queued. */
  private nextClientLane(): string | undefined {
    let chosen: string | undefined
    let chosenTurn = Infinity
    for (const lane of this.lanes.keys()) {
      if (lane === STACK_LANE) continue
      const turn = this.lastServed.get(lane) ?? -1
      if (turn < chosenTurn) [chosen, chosenTurn] = [lane, turn]
    }
    return chosen
  }

  private markServed(lane: string): void {
    this.turns += 1
    this.lastServed.delete(lane)
    this.lastServed.set(lane, this.turns)
    if (this.lastServed.size > REMEMBERED_LANES) this.lastServed.delete(this.lastServed.keys().next().value!)
  }

  private take(): Waiting | undefined {
    const client = this.nextClientLane()
    const stackWaits = this.lanes.has(STACK_LANE)
    const lane = stackWaits && (this.stackTurn || client === undefined) ? STACK_LANE : client
    if (lane === undefined) return undefined
    this.stackTurn = lane !== STACK_LANE
    if (lane !== STACK_LANE) this.markServed(lane)
    const queue = this.lanes.get(lane)!
    const entry = queue.shift()!
    if (queue.length === 0) this.lanes.delete(lane)
    return entry
  }

  private remove(entry: Waiting): boolean {
    const queue = this.lanes.get(entry.lane)
    const index = queue?.indexOf(entry) ?? -1
    if (!queue || index < 0) return false
    queue.splice(index, 1)
    if (queue.length === 0) this.lanes.delete(entry.lane)
    return true
  }
}

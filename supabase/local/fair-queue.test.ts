/**
 * The order in which PGlite's one connection serves work: one task at a time, client lanes in
 * rotation, the stack's lane every other turn, and work that waits past its limit refused.
 */
import { describe, expect, it } from 'vitest'
import { EngineWaitTimeout, FairQueue, STACK_LANE } from './fair-queue.ts'

/** A task that runs until released, recording when it started. */
function gate(name: string, started: string[]) {
  let release!: () => void
  const done = new Promise<void>((resolve) => {
    release = resolve
  })
  return {
    task: async () => {
      started.push(name)
      await done
      return name
    },
    release: () => release(),
  }
}

async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve()
}

describe('FairQueue', () => {
  it('runs one task at a time and serves the client lane served least recently, not in arrival order', async () => {
    const queue = new FairQueue()
    const started: string[] = []
    const gates = new Map<string, ReturnType<typeof gate>>()
    const runs: Promise<string>[] = []
    for (const [name, lane] of [
      ['a1', 'a'],
      ['a2', 'a'],
      ['a3', 'a'],
      ['b1', 'b'],
      ['c1', 'c'],
      ['b2', 'b'],
    ] as const) {
      const item = gate(name, started)
      gates.set(name, item)
      runs.push(queue.run(item.task, { lane }))
    }
    await settle()
    expect(started).toEqual(['a1'])
    for (let served = 0; served < gates.size; served += 1) {
      gates.get(started[started.length - 1]!)!.release()
      await settle()
    }
    await Promise.all(runs)
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3'])
  })

  it("gives the stack's lane every other turn while clients wait", async () => {
    const queue = new FairQueue()
    const started: string[] = []
    const gates = new Map<string, ReturnType<typeof gate>>()
    const runs: Promise<string>[] = []
    for (const [name, lane] of [
      ['c1', 'client'],
      ['c2', 'client'],
      ['c3', 'client'],
      ['s1', STACK_LANE],
      ['s2', STACK_LANE],
    ] as const) {
      const item = gate(name, started)
      gates.set(name, item)
      runs.push(queue.run(item.task, { lane }))
    }
    for (let served = 0; served < gates.size; served += 1) {
      await settle()
      gates.get(started[started.length - 1]!)!.release()
    }
    await Promise.all(runs)
    expect(started).toEqual(['c1', 's1', 'c2', 's2', 'c3'])
  })

  it('refuses work that gets no turn within its wait limit, and the queue goes on', async () => {
    const queue = new FairQueue()
    const started: string[] = []
    const holder = gate('holder', started)
    const held = queue.run(holder.task, { lane: 'a' })
    const refused = queue.run(async () => 'never', { lane: 'b', waitLimitMs: 20 })
    await expect(refused).rejects.toBeInstanceOf(EngineWaitTimeout)
    holder.release()
    expect(await held).toBe('holder')
    expect(await queue.run(async () => 'next', { lane: 'b', waitLimitMs: 20 })).toBe('next')
    expect(queue.waiting()).toEqual({})
  })

  it('runs a task that throws without stopping the queue', async () => {
    const queue = new FairQueue()
    await expect(
      queue.run(async () => {
        throw new Error('broken')
      }),
    ).rejects.toThrow('broken')
    expect(await queue.run(async () => 'after')).toBe('after')
  })
})

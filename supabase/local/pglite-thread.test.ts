/**
 * The PGlite engine runs in a worker thread: a statement past its deadline is cancelled by
 * restarting the engine (SQLSTATE 57014) while the calling thread stays free, committed data
 * survives the restart and the unfinished transaction does not.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './db.ts'

let dir: string
let db: Database

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'))
  db = await openDatabase({ dataDir: dir })
  await db.exec('create table kept (id int primary key)')
  await db.exec('insert into kept values (1)')
}, 120_000)

afterAll(async () => {
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('PGlite in a worker thread', () => {
  it('keeps the calling thread free while a statement runs', { timeout: 60_000 }, async () => {
    let settled = false
    const running = db.query('select pg_sleep(1.5)').finally(() => {
      settled = true
    })
    // Timers of this thread still fire: the engine is not on it.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    await running
  })

  it(
    'cancels a statement past its deadline with 57014, restarts the engine and keeps committed data',
    { timeout: 120_000 },
    async () => {
      const outcome = await db
        .transaction(
          async (tx) => {
            await tx.query('insert into kept values (2)')
            await tx.query('select pg_sleep(30)')
          },
          { statementTimeoutMs: 1000 },
        )
        .then(
          () => 'finished',
          (error: { code?: string; message: string }) => error,
        )
      expect(outcome).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
      const { rows } = await db.query<{ id: number }>('select id from kept order by id')
      expect(rows).toEqual([{ id: 1 }])
    },
  )

  it('answers a malformed protocol message with its error and keeps serving', { timeout: 120_000 }, async () => {
    await expect(db.exec('select 1 as "a\0b"')).rejects.toMatchObject({ code: '08P01' })
    await expect(db.query('select $1::int', [1, 2])).rejects.toMatchObject({ code: '08P01' })
    const { rows } = await db.query<{ x: number }>('select $1::int as x', [7])
    expect(rows).toEqual([{ x: 7 }])
  })
})

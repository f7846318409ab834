/**
 * PGlite in its own thread. The engine is synchronous WebAssembly: a long statement blocks the
 * thread it runs on and WASM has no timer signal to cancel it, so the gateway keeps its thread and
 * cancels a statement by terminating this worker (see pglite-thread.ts).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

function plainError(error) {
  const out = { message: error instanceof Error ? error.message : String(error) }
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value
    }
  }
  return out
}

let db
try {
  db = await PGlite.create({ dataDir: workerData.dataDir, extensions: { pgcrypto, pg_trgm } })
  parentPort.postMessage({ ready: true })
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) })
}

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    if (op === 'query') {
      const result = await db.query(sql, params)
      const fields = result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
      parentPort.postMessage({
        id,
        result: { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length, fields },
      })
    } else if (op === 'exec') {
      await db.exec(sql)
      parentPort.postMessage({ id })
    } else if (op === 'close') {
      await db.close()
      parentPort.postMessage({ id })
    }
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) })
  }
})

/**
 * The platform's `verify_jwt` check, which supabase/config.toml can still turn on for a function
 * (ours all turn it off and check their callers themselves): with it on, the gateway refuses a
 * request without a valid JWT of the project before the function runs; with it off, the same
 * request reaches the function. A throwaway function and config.toml, on a functions service of
 * its own.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadStackConfig } from '../config.ts'
import { signJwt } from '../jwt.ts'
import type { Stack, StackService } from '../types.ts'
import { createFunctionsService } from './index.ts'
import { verifyJwtFor } from './settings.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-jwt-'))
const functionsDir = path.join(dir, 'functions')
const configFile = path.join(dir, 'config.toml')

const stack = {
  config: loadStackConfig(),
  app: {},
  urls: {
    api: 'http://127.0.0.1:9',
    site: 'http://127.0.0.1:9',
    mailbox: 'http://127.0.0.1:9',
    payments: 'http://127.0.0.1:9',
  },
  log: () => {},
} as unknown as Stack

let service: StackService

function writeConfig(verifyJwt: boolean) {
  fs.writeFileSync(configFile, `[functions.probe]\nverify_jwt = ${verifyJwt}\n`)
}

function call(authorization?: string): Promise<Response> {
  const url = new URL('http://127.0.0.1/functions/v1/probe')
  const req = new Request(url, {
    method: 'POST',
    headers: authorization ? { authorization } : {},
    body: '{}',
  })
  return Promise.resolve(service.handle(req, { stack, url, subpath: '/probe' }))
}

beforeAll(() => {
  fs.mkdirSync(path.join(functionsDir, 'probe'), { recursive: true })
  fs.writeFileSync(
    path.join(functionsDir, 'probe', 'index.ts'),
    `Deno.serve(() => new Response(JSON.stringify({ reached: true }), { headers: { 'content-type': 'application/json' } }))\n`,
  )
  service = createFunctionsService(stack, { functionsDir, configFile })
})

afterAll(async () => {
  await service.stop?.()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('verify_jwt in config.toml', () => {
  it('is on for a function config.toml does not name (the platform default)', () => {
    writeConfig(false)
    expect(verifyJwtFor('probe', configFile)).toBe(false)
    expect(verifyJwtFor('not-named', configFile)).toBe(true)
  })

  it('on: refuses no header, a token that is not a JWT and an expired one, before the function runs', async () => {
    writeConfig(true)
    const missing = await call()
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' })
    const expired = await signJwt({ sub: randomUUID(), role: 'authenticated' }, -60)
    for (const bearer of ['not-a-jwt', expired]) {
      const refused = await call(`Bearer ${bearer}`)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ code: 401, message: 'Invalid JWT' })
    }
  })

  it('on: lets a valid token of the project through to the function', async () => {
    writeConfig(true)
    const token = await signJwt({ sub: randomUUID(), role: 'authenticated' }, 600)
    const answer = await call(`Bearer ${token}`)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ reached: true })
  })

  it('off: the same request without a header reaches the function', async () => {
    writeConfig(false)
    const answer = await call()
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ reached: true })
  })
})

/**
 * scripts/deploy-functions.ts, the deploy guide's functions step: it refuses to deploy without a
 * running Docker (the CLI would bundle on the server with only a warning), and its check after the
 * deploy asks every function config.toml names for a CORS preflight, here of the test stack.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { testEnv } from '../local/testing/index.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')
const functionCount = Object.keys(
  parse(fs.readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8')).functions as object,
).length

function run(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(process.execPath, [TSX, 'scripts/deploy-functions.ts', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe('scripts/deploy-functions.ts', () => {
  it('finds every function answering on a stack that serves them', () => {
    const { status, output } = run(['--check', testEnv.apiUrl])
    expect(output).toContain(`${functionCount} functions answer at ${testEnv.apiUrl}`)
    expect(output).not.toContain('FAIL')
    expect(status).toBe(0)
  })

  it('fails, naming each function, where they do not answer', () => {
    const { status, output } = run(['--check', 'http://127.0.0.1:9'])
    expect(output).toContain(`${functionCount} of ${functionCount} functions do not answer`)
    expect(output).toMatch(/FAIL\s+payment-callback/)
    expect(status).toBe(1)
  })

  it('refuses to deploy while Docker is not running, before it runs the CLI', () => {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'no-docker-'))
    try {
      const docker = path.join(bin, 'docker')
      fs.writeFileSync(docker, '#!/bin/sh\necho "Cannot connect to the Docker daemon" >&2\nexit 1\n', { mode: 0o755 })
      const npx = path.join(bin, 'npx')
      fs.writeFileSync(npx, '#!/bin/sh\necho "npx ran" >&2\nexit 0\n', { mode: 0o755 })
      const { status, output } = run(['--project-ref', 'abcdefghijklmnopqrst'], { ...process.env, PATH: bin })
      expect(output).toContain('Docker is not running')
      expect(output).not.toContain('npx ran')
      expect(status).toBe(1)
    } finally {
      fs.rmSync(bin, { recursive: true, force: true })
    }
  })

  it('takes only a project reference of 20 lower-case letters', () => {
    expect(run(['--project-ref', 'https://abc.supabase.co']).status).toBe(2)
  })
})

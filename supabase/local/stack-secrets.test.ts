/**
 * Each stack makes its own signing key and secrets with its data folder: two folders never share
 * one, a folder keeps its own across restarts, and only its owner may read the file.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { stackSecretsFile, useStackSecrets } from './stack-secrets.ts'

const folders: string[] = []
function newDataFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-secrets-'))
  folders.push(dir)
  return path.join(dir, 'data')
}

afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
  // The rest of this test process signs with the test stack's folder again.
  if (process.env.STACK_DATA_DIR) useStackSecrets(process.env.STACK_DATA_DIR)
})

describe("a stack's own secrets", () => {
  it('are made on the first start of a data folder, readable by its owner only', () => {
    const folder = newDataFolder()
    const secrets = useStackSecrets(folder)
    expect(secrets.signingKey).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' })
    expect(secrets.signingKey.d).toBeTruthy()
    expect(secrets.remindersCronSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(fs.statSync(stackSecretsFile(folder)).mode & 0o777).toBe(0o600)
  })

  it('stay with their folder across restarts and differ between folders', () => {
    const first = newDataFolder()
    const second = newDataFolder()
    const a = useStackSecrets(first)
    const b = useStackSecrets(second)
    expect(b.signingKey.kid).not.toBe(a.signingKey.kid)
    expect(b.signingKey.d).not.toBe(a.signingKey.d)
    expect(b.internalTokenSecret).not.toBe(a.internalTokenSecret)
    expect(b.remindersCronSecret).not.toBe(a.remindersCronSecret)
    expect(useStackSecrets(first)).toEqual(a)
  })

  it('are made anew when the folder is wiped (npm run stack:reset)', () => {
    const folder = newDataFolder()
    const before = useStackSecrets(folder)
    fs.rmSync(folder, { recursive: true })
    expect(useStackSecrets(folder).signingKey.kid).not.toBe(before.signingKey.kid)
  })
})

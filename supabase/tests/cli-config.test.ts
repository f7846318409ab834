/**
 * supabase/config.toml as the Supabase CLI reads it: only keys of the pinned CLI (the fixture, made
 * by scripts/supabase-cli-config-keys.ts from the CLI's own structs), every function folder named
 * with the shared import map, and no function that must not deploy.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { unknownConfigKeys, type CliConfigKeys } from './cli-config-keys.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const SUPABASE_DIR = path.join(ROOT, 'supabase')
const FUNCTIONS_DIR = path.join(SUPABASE_DIR, 'functions')
const cli = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'supabase-cli-config-keys.json'), 'utf8'),
) as CliConfigKeys
const configText = fs.readFileSync(path.join(SUPABASE_DIR, 'config.toml'), 'utf8')
const config = parse(configText)

interface FunctionConfig {
  verify_jwt?: boolean
  import_map?: string
  enabled?: boolean
}
const functions = (config.functions ?? {}) as Record<string, FunctionConfig>

/** What `supabase functions deploy` without names ships: folders with an index.ts whose name is a slug. */
function deployableFolders(): string[] {
  return fs
    .readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Za-z][A-Za-z0-9_-]*$/.test(entry.name))
    .filter((entry) => fs.existsSync(path.join(FUNCTIONS_DIR, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort()
}

describe(`supabase/config.toml against the keys of Supabase CLI ${cli.cli_version}`, () => {
  it('names the CLI version and where its keys were read', () => {
    expect(cli.cli_version).toMatch(/^v\d+\.\d+\.\d+$/)
    expect(cli.source).toContain('apps/cli-go/pkg/config')
  })

  it('holds no key the CLI does not know', () => {
    expect(unknownConfigKeys(config, cli.schema)).toEqual([])
  })

  it('would fail on a key the CLI does not know, at any depth', () => {
    const edited = parse(
      configText
        .replace('[auth]\n', '[auth]\nlegacy_api_keys = true\n')
        .replace('[db.migrations]\n', '[db.migrations]\nsquash = true\n')
        .replace('[functions.payment-callback]\n', '[functions.payment-callback]\nverify_jwk = false\n'),
    )
    expect(unknownConfigKeys(edited, cli.schema)).toEqual([
      'auth.legacy_api_keys',
      'db.migrations.squash',
      'functions.payment-callback.verify_jwk',
    ])
    expect(unknownConfigKeys({ storage: { buckets: { photos: { public: true, owner: 'x' } } } }, cli.schema)).toEqual([
      'storage.buckets.photos.owner',
    ])
  })

  it('names files that exist: the CLI reads each e-mail template (relative to the repository root)', () => {
    const templates = ((config.auth as { email?: { template?: Record<string, { content_path?: string }> } }).email
      ?.template ?? {}) as Record<string, { content_path?: string }>
    const paths = Object.values(templates).map((template) => template.content_path)
    expect(paths.length).toBeGreaterThan(0)
    for (const contentPath of paths) expect(fs.existsSync(path.join(ROOT, contentPath!))).toBe(true)
  })

  it('names no signing key file: the local stack makes its own key in its data folder', () => {
    expect((config.auth as Record<string, unknown>).signing_keys_path).toBeUndefined()
    expect(fs.existsSync(path.join(SUPABASE_DIR, 'signing_keys.json'))).toBe(false)
  })
})

describe('the functions a plain `supabase functions deploy` ships', () => {
  it('are exactly the folders of supabase/functions, each named in config.toml', () => {
    expect(Object.keys(functions).sort()).toEqual(deployableFolders())
  })

  it('leave out the local stack’s own test function', () => {
    expect(deployableFolders()).not.toContain('stack-selftest')
    expect(functions).not.toHaveProperty('stack-selftest')
  })

  it('each verify their caller themselves and bundle with the shared import map', () => {
    const importMap = path.join(FUNCTIONS_DIR, 'deno.json')
    expect(fs.existsSync(importMap)).toBe(true)
    for (const [name, settings] of Object.entries(functions)) {
      expect({ name, ...settings }).toEqual({ name, verify_jwt: false, import_map: './functions/deno.json' })
      // The CLI resolves import_map against the supabase folder.
      expect(path.resolve(SUPABASE_DIR, settings.import_map!)).toBe(importMap)
    }
  })
})

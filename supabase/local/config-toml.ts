/**
 * supabase/config.toml, the file the Supabase CLI reads: the local stack takes its [auth] settings
 * and each function's verify_jwt from it. Read on every call, so an edit needs no restart.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parse, TomlDate, type TomlTable, type TomlValue } from 'smol-toml'
import { PROJECT_ROOT } from './config.ts'

export type { TomlTable, TomlValue }

export const CONFIG_TOML = path.join(PROJECT_ROOT, 'supabase', 'config.toml')

export function readConfigToml(file = CONFIG_TOML): TomlTable {
  return fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8')) : {}
}

function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === 'object' && !Array.isArray(value) && !(value instanceof TomlDate)
}

/** The table at a dotted path such as `auth.email.template.recovery`; empty when a part is missing. */
export function tomlTable(root: TomlTable, dottedPath: string): TomlTable {
  let table = root
  for (const key of dottedPath.split('.')) {
    const next = table[key]
    table = isTable(next) ? next : {}
  }
  return table
}

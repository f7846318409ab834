/**
 * PostgREST's `db-max-rows` (`[api] max_rows` in supabase/config.toml; 1,000 on a hosted project):
 * a read or a function call answers at most that many rows, whatever limit the request asks for,
 * and says nothing of the rows left out.
 */
import { CONFIG_TOML, readConfigToml, tomlTable } from '../config-toml.ts'
import type { NodeModifiers } from './parse/query.ts'

const HOSTED_DEFAULT = 1000

/** Read on every call, so editing config.toml needs no restart (the file is tiny). */
export function maxRows(configFile = CONFIG_TOML): number {
  const value = tomlTable(readConfigToml(configFile), 'api').max_rows
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : HOSTED_DEFAULT
}

/** Caps the root node's limit at max_rows. */
export function capRows(root: NodeModifiers): void {
  root.limit = Math.min(root.limit ?? Infinity, maxRows())
}

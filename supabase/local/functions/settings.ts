/**
 * Which functions exist (supabase/functions/<name>/index.ts, or one of the stack's own local-only
 * functions) and their `verify_jwt` from supabase/config.toml.
 */
import fs from 'node:fs'
import path from 'node:path'
import { CONFIG_TOML, readConfigToml, tomlTable } from '../config-toml.ts'

/** Folders starting with `_` (like `_shared`) are code shared by functions, not functions. */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

/** The first of `dirs` that holds `<name>/index.ts`; undefined when none does. */
export function functionEntryDir(dirs: string[], name: string): string | undefined {
  if (!FUNCTION_NAME.test(name)) return undefined
  return dirs.find((dir) => fs.existsSync(path.join(dir, name, 'index.ts')))
}

/** Read on every call, so editing config.toml needs no restart (the file is tiny). */
export function verifyJwtFor(name: string, configFile = CONFIG_TOML): boolean {
  const value = tomlTable(readConfigToml(configFile), `functions.${name}`).verify_jwt
  return value !== false
}

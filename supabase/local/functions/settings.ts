/** Which functions exist (supabase/functions/<name>/index.ts) and their `verify_jwt` from supabase/config.toml. */
import fs from 'node:fs'
import path from 'node:path'
import { CONFIG_TOML, readConfigToml, tomlTable } from '../config-toml.ts'

/** Folders starting with `_` (like `_shared`) are code shared by functions, not functions. */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

export function functionExists(functionsDir: string, name: string): boolean {
  return FUNCTION_NAME.test(name) && fs.existsSync(path.join(functionsDir, name, 'index.ts'))
}

/** Read on every call, so editing config.toml needs no restart (the file is tiny). */
export function verifyJwtFor(name: string, configFile = CONFIG_TOML): boolean {
  const value = tomlTable(readConfigToml(configFile), `functions.${name}`).verify_jwt
  return value !== false
}

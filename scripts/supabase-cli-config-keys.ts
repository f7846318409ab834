/**
 * Writes supabase/tests/fixtures/supabase-cli-config-keys.json, the keys the Supabase CLI accepts in
 * config.toml, from the CLI's own Go structs:
 *
 *   git clone https://github.com/supabase/cli && git -C cli checkout v2.104.0
 *   npx tsx scripts/supabase-cli-config-keys.ts cli v2.104.0 "$(git -C cli rev-parse HEAD)"
 *
 * The CLI decodes config.toml with mapstructure by each field's `json` tag (`json:"-"` is never read),
 * squashing embedded structs, with maps as tables of any names. A struct the CLI decodes from a string
 * (`Secret`) is a value. As a check of this reading, every key of the CLI's own template
 * (pkg/config/templates/config.toml) must be accepted.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { unknownConfigKeys, type CliConfigKeys, type ConfigKeySchema } from '../supabase/tests/cli-config-keys.ts'

const CONFIG_DIR = 'apps/cli-go/pkg/config'
const OUTPUT = path.resolve(import.meta.dirname, '..', 'supabase', 'tests', 'fixtures', 'supabase-cli-config-keys.json')
/** Structs the CLI's decode hooks fill from a plain string. */
const STRING_DECODED = new Set(['Secret'])

interface GoField {
  /** undefined for an embedded struct (squashed into its parent). */
  key?: string
  type: string
  /** Why the CLI's decoder could not name this field (thrown only if config reaches it). */
  problem?: string
}

/** The structs and named types of the package's non-test files. */
function readGoTypes(dir: string): { structs: Map<string, GoField[]>; named: Map<string, string> } {
  const structs = new Map<string, GoField[]>()
  const named = new Map<string, string>()
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.go') && !file.endsWith('_test.go'))
  for (const file of files) {
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n')
    for (let i = 0; i < lines.length; i++) {
      const start = /^(?:type\s+|\t)(\w+)\s+struct\s*\{\s*$/.exec(lines[i]!)
      if (start) {
        const fields: GoField[] = []
        const indent = lines[i]!.startsWith('\t') ? '\t' : ''
        for (i++; i < lines.length && lines[i]!.replace(/\s+$/, '') !== `${indent}}`; i++) {
          const field = parseField(lines[i]!)
          if (field) fields.push(field)
        }
        structs.set(start[1]!, fields)
        continue
      }
      const alias = /^(?:type\s+|\t)(\w+)\s+((?:map\[string\]|\[\]|\*)?[\w.]+(?:\{\})?)\s*$/.exec(lines[i]!)
      if (alias && !['return', 'package'].includes(alias[1]!)) named.set(alias[1]!, alias[2]!)
    }
  }
  return { structs, named }
}

function parseField(line: string): GoField | undefined {
  const text = line.trim()
  if (!text || text.startsWith('//')) return undefined
  const embedded = /^\*?([\w.]+)$/.exec(text)
  if (embedded) return { type: embedded[1]! }
  const field = /^\w+\s+(\S+)\s+`([^`]*)`/.exec(text)
  const json = field ? /json:"([^"]*)"/.exec(field[2]!)?.[1]?.split(',')[0] : undefined
  if (json === undefined) return { type: 'value', problem: `a field without a json tag: ${text}` }
  return json === '-' ? undefined : { key: json, type: field![1]! }
}

function schemaOf(type: string, types: ReturnType<typeof readGoTypes>, seen: string[] = []): ConfigKeySchema {
  const bare = type.replace(/^\*/, '')
  if (bare === 'struct{}') return {}
  if (bare.startsWith('map[string]')) return { '*': schemaOf(bare.slice('map[string]'.length), types, seen) }
  if (bare.startsWith('[]')) {
    const item = bare.slice(2)
    return types.structs.has(item) && !STRING_DECODED.has(item) ? { '[]': schemaOf(item, types, seen) } : 'value'
  }
  if (STRING_DECODED.has(bare)) return 'value'
  if (seen.includes(bare)) throw new Error(`recursive type ${bare}`)
  const fields = types.structs.get(bare)
  if (fields) {
    const table: Record<string, ConfigKeySchema> = {}
    for (const field of fields) {
      if (field.problem) throw new Error(`${bare}: ${field.problem}`)
      const schema = schemaOf(field.type, types, [...seen, bare])
      if (field.key !== undefined) table[field.key] = schema
      else if (schema !== 'value') Object.assign(table, schema)
    }
    return table
  }
  const alias = types.named.get(bare)
  return alias ? schemaOf(alias, types, seen) : 'value'
}

const [checkout, version, commit] = process.argv.slice(2)
if (!checkout || !version) {
  console.error('usage: tsx scripts/supabase-cli-config-keys.ts <supabase/cli checkout> <version tag> [commit]')
  process.exit(2)
}
const configDir = path.join(checkout, CONFIG_DIR)
const schema = schemaOf('config', readGoTypes(configDir))
const template = parse(fs.readFileSync(path.join(configDir, 'templates', 'config.toml'), 'utf8'))
const missed = unknownConfigKeys(template, schema)
if (missed.length > 0) throw new Error(`the CLI's own template has keys this reading missed: ${missed.join(', ')}`)
const fixture: CliConfigKeys = {
  cli_version: version,
  source: `github.com/supabase/cli ${version}${commit ? ` (${commit})` : ''}: ${CONFIG_DIR}/*.go (json tags of the structs from type config), checked against ${CONFIG_DIR}/templates/config.toml`,
  schema,
}
fs.mkdirSync(path.dirname(OUTPUT), { recursive: true })
fs.writeFileSync(OUTPUT, `${JSON.stringify(fixture, null, 2)}\n`)
console.log(`wrote ${path.relative(process.cwd(), OUTPUT)}`)

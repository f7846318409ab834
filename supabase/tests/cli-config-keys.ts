/**
 * The keys the Supabase CLI accepts in supabase/config.toml, and the check of a parsed config.toml
 * against them. The CLI decodes the file strictly (viper `UnmarshalExact`, mapstructure by each
 * field's `json` tag, embedded structs squashed): a key its structs do not name stops `supabase link`,
 * `db push`, `functions deploy`, `secrets set` and `config push` with "'<table>' has invalid keys".
 *
 * A schema node is `"value"` (any value: string, number, list, a duration …), a table of named keys,
 * a table of any names (`{ "*": node }`, a Go map) or a list of tables (`{ "[]": node }`).
 */
export type ConfigKeySchema = 'value' | { [key: string]: ConfigKeySchema }

export interface CliConfigKeys {
  cli_version: string
  source: string
  schema: ConfigKeySchema
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
}

/** Every dotted key of `config` that the schema does not name, e.g. `auth.legacy_api_keys`. */
export function unknownConfigKeys(config: unknown, schema: ConfigKeySchema, at = ''): string[] {
  if (schema === 'value') return []
  const list = schema['[]']
  if (list !== undefined) {
    if (!Array.isArray(config)) return []
    return config.flatMap((item, index) => unknownConfigKeys(item, list, `${at}[${index}]`))
  }
  if (!isTable(config)) return []
  return Object.entries(config).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key
    const child = schema[key] ?? schema['*']
    return child === undefined ? [path] : unknownConfigKeys(value, child, path)
  })
}

/**
 * Writes the supabase-js `Database` type of the `public` schema from a live database's catalogue
 * (tables, views, foreign keys, functions, enums, composite types), in the shape
 * `supabase gen types typescript` produces. Used by scripts/gen-db-types.ts and by the catalogue
 * test, which fails when a migration changed the schema and the file was not regenerated.
 */
import prettier from 'prettier'

export type Query = <Row>(text: string) => Promise<Row[]>

interface ColumnRow {
  table_name: string
  kind: string
  column_name: string
  type_name: string
  type_schema: string
  type_type: string
  element_name: string | null
  element_schema: string | null
  element_type: string | null
  not_null: boolean
  /** A default, an identity, or a before-insert trigger of the table assigns `new.<column>`. */
  has_default: boolean
  /** Generated or `generated always as identity`: never written. */
  generated: boolean
}

interface ForeignKeyRow {
  name: string
  table_name: string
  columns: string[]
  referenced: string
  referenced_columns: string[]
  one_to_one: boolean
}

interface FunctionRow {
  name: string
  arg_names: string[] | null
  arg_modes: string[] | null
  arg_types: string[]
  arg_defaults: number
  /** Not strict: the function is called with SQL null arguments too. */
  accepts_null: boolean
  returns: string
  returns_set: boolean
  returns_relation: string | null
}

interface TypeRow {
  name: string
  kind: string
  labels: string[] | null
  attributes: { name: string; type: string }[] | null
}

const COLUMNS = `
  select c.relname as table_name, c.relkind::text as kind, a.attname as column_name,
         t.typname as type_name, tn.nspname as type_schema, t.typtype::text as type_type,
         e.typname as element_name, en.nspname as element_schema, e.typtype::text as element_type,
         a.attnotnull as not_null,
         (a.atthasdef or a.attidentity <> '' or exists (
            select 1 from pg_catalog.pg_trigger g join pg_catalog.pg_proc f on f.oid = g.tgfoid
             where g.tgrelid = c.oid and not g.tgisinternal and g.tgtype & 2 = 2 and g.tgtype & 4 = 4
               and f.prosrc ~* ('new[.]' || a.attname || '[[:space:]]*:='))) as has_default,
         (a.attgenerated <> '' or a.attidentity = 'a') as generated
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_catalog.pg_type t on t.oid = a.atttypid
    join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
    left join pg_catalog.pg_type e on e.oid = t.typelem and t.typcategory = 'A'
    left join pg_catalog.pg_namespace en on en.oid = e.typnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
   order by c.relname, a.attname`

const FOREIGN_KEYS = `
  select k.conname as name, c.relname as table_name, r.relname as referenced,
         array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                 join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
         array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                 join pg_catalog.pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as referenced_columns,
         exists (select 1 from pg_catalog.pg_index i
                  where i.indrelid = k.conrelid and i.indisunique
                    and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                      = (select array_agg(x order by x) from unnest(k.conkey) x)) as one_to_one
    from pg_catalog.pg_constraint k
    join pg_catalog.pg_class c on c.oid = k.conrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_class r on r.oid = k.confrelid
    join pg_catalog.pg_namespace rn on rn.oid = r.relnamespace
   where k.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
   order by c.relname, k.conname`

/*
 * Each function's arguments as type names of pg_catalog or public (arrays as `_name`); the type of
 * a trigger or of an internal pseudo-type keeps it out of the API, as PostgREST does.
 */
const FUNCTIONS = `
  select p.proname as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
         array(select case when tn.nspname = 'public' then 'public.' else '' end || t.typname
                 from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(oid, i)
                 join pg_catalog.pg_type t on t.oid = u.oid
                 join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
                order by u.i) as arg_types,
         p.pronargdefaults as arg_defaults, not p.proisstrict as accepts_null,
         case when rn.nspname = 'public' then 'public.' else '' end || r.typname as returns,
         p.proretset as returns_set,
         (select c.relname from pg_catalog.pg_class c where c.oid = r.typrelid and c.relkind in ('r', 'p', 'v', 'm')) as returns_relation
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_type r on r.oid = p.prorettype
    join pg_catalog.pg_namespace rn on rn.oid = r.typnamespace
   where n.nspname = 'public' and p.prokind = 'f'
     and r.typname not in ('trigger', 'event_trigger', 'internal')
     and not exists (select 1 from unnest(p.proargtypes::oid[]) a(oid)
                      join pg_catalog.pg_type t on t.oid = a.oid where t.typname = 'internal')
     and not exists (select 1 from pg_catalog.pg_depend d where d.objid = p.oid and d.deptype = 'e')
   order by p.proname, p.oid`

const TYPES = `
  select t.typname as name, t.typtype::text as kind,
         case when t.typtype = 'e' then array(select l.enumlabel::text from pg_catalog.pg_enum l
                                               where l.enumtypid = t.oid order by l.enumsortorder) end as labels,
         case when t.typtype = 'c' then (
           select json_agg(json_build_object('name', a.attname,
                    'type', case when an.nspname = 'public' then 'public.' else '' end || at.typname) order by a.attnum)
             from pg_catalog.pg_attribute a
             join pg_catalog.pg_type at on at.oid = a.atttypid
             join pg_catalog.pg_namespace an on an.oid = at.typnamespace
            where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) end as attributes
    from pg_catalog.pg_type t
    join pg_catalog.pg_namespace n on n.oid = t.typnamespace
   where n.nspname = 'public'
     and (t.typtype = 'e'
          or (t.typtype = 'c' and (select c.relkind from pg_catalog.pg_class c where c.oid = t.typrelid) = 'c'))
   order by t.typname`

const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Record<string, unknown>',
}
for (const name of [
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'citext',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'inet',
  'cidr',
  'bytea',
  'regclass',
]) {
  SCALARS[name] = 'string'
}

/** A catalogue type name (`public.` prefix for the app's own, `_` for arrays) as TypeScript. */
function tsType(name: string, types: Map<string, TypeRow>): string {
  if (name.startsWith('public.')) {
    const local = name.slice('public.'.length)
    if (local.startsWith('_')) return `${tsType(`public.${local.slice(1)}`, types)}[]`
    const known = types.get(local)
    if (known?.kind === 'e') return `Database['public']['Enums']['${local}']`
    if (known?.kind === 'c') return `Database['public']['CompositeTypes']['${local}']`
    return 'unknown'
  }
  if (name.startsWith('_')) return `${tsType(name.slice(1), types)}[]`
  return SCALARS[name] ?? 'unknown'
}

function columnType(column: ColumnRow, types: Map<string, TypeRow>): string {
  if (column.element_name) {
    const prefix = column.element_schema === 'public' ? 'public.' : ''
    return `${tsType(prefix + column.element_name, types)}[]`
  }
  return tsType((column.type_schema === 'public' ? 'public.' : '') + column.type_name, types)
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)
}

function objectType(fields: string[]): string {
  return fields.length === 0 ? '{ [_ in never]: never }' : `{\n${fields.join('\n')}\n}`
}

function functionEntry(fn: FunctionRow, types: Map<string, TypeRow>): string {
  const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i')
  const inputs: string[] = []
  const outputs: string[] = []
  const inputCount = modes.filter((mode) => mode === 'i' || mode === 'b' || mode === 'v').length
  let inputIndex = 0
  modes.forEach((mode, index) => {
    const name = fn.arg_names?.[index] ?? ''
    const type = tsType(fn.arg_types[index]!, types)
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      const optional = inputIndex >= inputCount - fn.arg_defaults
      inputIndex += 1
      if (name) inputs.push(`${key(name)}${optional ? '?' : ''}: ${type}${fn.accepts_null ? ' | null' : ''}`)
    }
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(`${key(name)}: ${type}`)
  })
  const args = inputCount === 0 ? 'never' : objectType(inputs.sort())
  let returns: string
  let setof = ''
  if (fn.returns_relation) {
    returns = `Database['public']['Tables']['${fn.returns_relation}']['Row']`
    if (fn.returns_set) {
      returns += '[]'
      setof = `SetofOptions: { from: '*'; to: '${fn.returns_relation}'; isOneToOne: false; isSetofReturn: true }`
    } else {
      setof = `SetofOptions: { from: '*'; to: '${fn.returns_relation}'; isOneToOne: true; isSetofReturn: false }`
    }
  } else if (outputs.length > 0 && (fn.returns === 'record' || modes.includes('t'))) {
    returns = `${objectType(outputs)}${fn.returns_set ? '[]' : ''}`
  } else {
    returns = `${tsType(fn.returns, types)}${fn.returns_set ? '[]' : ''}`
  }
  return `{ Args: ${args}; Returns: ${returns}${setof ? `; ${setof}` : ''} }`
}

const HELPERS = `
type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type Enums<EnumName extends keyof DefaultSchema['Enums']> = DefaultSchema['Enums'][EnumName]

export type CompositeTypes<CompositeTypeName extends keyof DefaultSchema['CompositeTypes']> =
  DefaultSchema['CompositeTypes'][CompositeTypeName]
`

/** The whole file, formatted with the repository's Prettier settings. */
export async function databaseTypes(query: Query, filePath: string): Promise<string> {
  const [columns, foreignKeys, functions, typeRows] = await Promise.all([
    query<ColumnRow>(COLUMNS),
    query<ForeignKeyRow>(FOREIGN_KEYS),
    query<FunctionRow>(FUNCTIONS),
    query<TypeRow>(TYPES),
  ])
  const types = new Map(typeRows.map((row) => [row.name, row]))

  const relations = new Map<string, { kind: string; columns: ColumnRow[] }>()
  for (const column of columns) {
    const relation = relations.get(column.table_name) ?? { kind: column.kind, columns: [] }
    relation.columns.push(column)
    relations.set(column.table_name, relation)
  }

  const relationships = (table: string) => {
    const entries = foreignKeys
      .filter((fk) => fk.table_name === table)
      .map(
        (fk) => `{
          foreignKeyName: '${fk.name}'
          columns: [${fk.columns.map((c) => `'${c}'`).join(', ')}]
          isOneToOne: ${fk.one_to_one}
          referencedRelation: '${fk.referenced}'
          referencedColumns: [${fk.referenced_columns.map((c) => `'${c}'`).join(', ')}]
        }`,
      )
    return `[${entries.join(',\n')}]`
  }

  const tables: string[] = []
  const views: string[] = []
  for (const [name, relation] of [...relations].sort(([a], [b]) => a.localeCompare(b))) {
    const isView = relation.kind === 'v' || relation.kind === 'm'
    const row = relation.columns.map((c) => {
      const nullable = isView || !c.not_null
      return `${key(c.column_name)}: ${columnType(c, types)}${nullable ? ' | null' : ''}`
    })
    if (isView) {
      views.push(`${key(name)}: {\nRow: ${objectType(row)}\nRelationships: ${relationships(name)}\n}`)
      continue
    }
    const insert = relation.columns.map((c) => {
      if (c.generated) return `${key(c.column_name)}?: never`
      const optional = !c.not_null || c.has_default
      return `${key(c.column_name)}${optional ? '?' : ''}: ${columnType(c, types)}${c.not_null ? '' : ' | null'}`
    })
    const update = relation.columns.map((c) =>
      c.generated
        ? `${key(c.column_name)}?: never`
        : `${key(c.column_name)}?: ${columnType(c, types)}${c.not_null ? '' : ' | null'}`,
    )
    tables.push(
      `${key(name)}: {\nRow: ${objectType(row)}\nInsert: ${objectType(insert)}\nUpdate: ${objectType(update)}\nRelationships: ${relationships(name)}\n}`,
    )
  }

  const byName = new Map<string, string[]>()
  for (const fn of [...functions].sort((a, b) => a.name.localeCompare(b.name)))
    byName.set(fn.name, [...(byName.get(fn.name) ?? []), functionEntry(fn, types)])
  const functionLines = [...byName].map(([name, entries]) => `${key(name)}: ${[...new Set(entries)].join(' | ')}`)

  const enums = typeRows
    .filter((t) => t.kind === 'e')
    .map((t) => `${key(t.name)}: ${t.labels!.map((l) => JSON.stringify(l)).join(' | ')}`)
  const composites = typeRows
    .filter((t) => t.kind === 'c')
    .map(
      (t) =>
        `${key(t.name)}: ${objectType((t.attributes ?? []).map((a) => `${key(a.name)}: ${tsType(a.type, types)} | null`))}`,
    )

  const source = `/**
 * Generated by \`npm run gen:types\` from the database after every migration: do not edit.
 * The catalogue test fails when a migration changes the schema and this file was not regenerated.
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  __InternalSupabase: { PostgrestVersion: '13.0.5' }
  public: {
    Tables: ${objectType(tables)}
    Views: ${objectType(views)}
    Functions: ${objectType(functionLines)}
    Enums: ${objectType(enums)}
    CompositeTypes: ${objectType(composites)}
  }
}
${HELPERS}
export const Constants = {
  public: {
    Enums: {
      ${typeRows
        .filter((t) => t.kind === 'e')
        .map((t) => `${key(t.name)}: [${t.labels!.map((l) => JSON.stringify(l)).join(', ')}]`)
        .join(',\n')}
    },
  },
} as const
`
  const options = (await prettier.resolveConfig(filePath)) ?? {}
  return prettier.format(source, { ...options, filepath: filePath })
}

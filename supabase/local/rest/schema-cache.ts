/**
 * What PostgREST knows about the exposed schema: tables, views, columns, keys, foreign keys and
 * functions, read from pg_catalog. Type names and default expressions come from the catalog
 * fully qualified (loaded with an empty search_path), so they can be pasted into SQL as they are.
 */
import type { Database, Queryable } from '../db.ts'
import { inferViewRelationships } from './schema-views.ts'
import {
  EXPOSED_SCHEMA,
  type Column,
  type DbFunction,
  type ForeignKey,
  type FunctionParam,
  type Relation,
  type RelationKind,
  type ReturnShape,
  type SchemaCache,
} from './schema-types.ts'

const RELATION_KINDS: Record<string, RelationKind> = {
  r: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
  p: 'partitioned table',
}

interface ColumnRow {
  relname: string
  relkind: string
  attname: string | null
  type: string | null
  notnull: boolean | null
  default_sql: string | null
  generated: boolean | null
}

async function loadRelations(tx: Queryable): Promise<Map<string, Relation>> {
  const { rows } = await tx.query<ColumnRow>(
    `select c.relname, c.relkind, a.attname, format_type(a.atttypid, null) as type, a.attnotnull as notnull,
            case when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                 else pg_get_expr(d.adbin, d.adrelid) end as default_sql,
            a.attgenerated <> '' as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum and a.attgenerated = ''
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
      order by c.relname, a.attnum`,
    [EXPOSED_SCHEMA],
  )
  const relations = new Map<string, Relation>()
  for (const row of rows) {
    let relation = relations.get(row.relname)
    if (!relation) {
      relation = {
        name: row.relname,
        kind: RELATION_KINDS[row.relkind]!,
        columns: new Map(),
        primaryKey: [],
        uniqueKeys: [],
      }
      relations.set(row.relname, relation)
    }
    if (row.attname === null) continue
    relation.columns.set(row.attname, {
      name: row.attname,
      type: row.type!,
      nullable: !row.notnull,
      defaultSql: row.default_sql,
      generated: Boolean(row.generated),
    })
  }
  return relations
}

async function loadKeys(tx: Queryable, relations: Map<string, Relation>): Promise<void> {
  const { rows } = await tx.query<{ relname: string; is_primary: boolean; columns: string[] }>(
    `select c.relname, i.indisprimary as is_primary,
            array(select a.attname from unnest(i.indkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord)::text[] as columns
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and i.indisunique and i.indpred is null and i.indexprs is null`,
    [EXPOSED_SCHEMA],
  )
  for (const row of rows) {
    const relation = relations.get(row.relname)
    if (!relation) continue
    relation.uniqueKeys.push(row.columns)
    if (row.is_primary) relation.primaryKey = row.columns
  }
}

async function loadForeignKeys(tx: Queryable): Promise<ForeignKey[]> {
  const { rows } = await tx.query<{
    name: string
    table: string
    columns: string[]
    ref_table: string
    ref_columns: string[]
  }>(
    `select con.conname as name, c.relname as table, rc.relname as ref_table,
            array(select a.attname from unnest(con.conkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord)::text[] as columns,
            array(select a.attname from unnest(con.confkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord)::text[] as ref_columns
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid
       join pg_namespace rn on rn.oid = rc.relnamespace
      where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
      order by con.conname`,
    [EXPOSED_SCHEMA],
  )
  return rows.map((row) => ({
    name: row.name,
    table: row.table,
    columns: row.columns,
    refTable: row.ref_table,
    refColumns: row.ref_columns,
  }))
}

interface FunctionRow {
  name: string
  volatility: 'i' | 's' | 'v'
  returns_set: boolean
  return_type: string
  return_typtype: string
  return_relname: string | null
  return_relschema: string | null
  arg_names: string[] | null
  arg_modes: string[] | null
  arg_types: string[]
  defaults: number
}

interface FunctionArgument {
  name: string
  mode: string
  type: string
}

function functionArguments(row: FunctionRow): FunctionArgument[] {
  return row.arg_types.map((type, i) => ({ name: row.arg_names?.[i] ?? '', mode: row.arg_modes?.[i] ?? 'i', type }))
}

function inputParams(args: FunctionArgument[], defaults: number): FunctionParam[] {
  const inputs = args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v')
  return inputs.map((arg, i) => ({ name: arg.name, type: arg.type, hasDefault: i >= inputs.length - defaults }))
}

function returnShape(
  row: FunctionRow,
  args: FunctionArgument[],
  relations: Map<string, Relation>,
  rowTypes: Map<string, Map<string, Column>>,
): ReturnShape {
  if (row.return_type === 'void') return { kind: 'void' }
  const outputs = args.filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't')
  if (row.return_type === 'record' && outputs.length > 0) {
    const columns = new Map(
      outputs.map((arg) => [
        arg.name,
        { name: arg.name, type: arg.type, nullable: true, defaultSql: null, generated: false },
      ]),
    )
    return { kind: 'composite', columns }
  }
  if (row.return_typtype === 'c' && row.return_relname) {
    const table = row.return_relschema === EXPOSED_SCHEMA ? relations.get(row.return_relname) : undefined
    if (table) return { kind: 'composite', columns: table.columns, table: table.name }
    const columns = rowTypes.get(`${row.return_relschema}.${row.return_relname}`)
    if (columns) return { kind: 'composite', columns }
  }
  return { kind: 'scalar', type: row.return_type }
}

/** Columns of composite types outside the exposed schema's relations (e.g. `create type`). */
async function loadRowTypes(tx: Queryable): Promise<Map<string, Map<string, Column>>> {
  const { rows } = await tx.query<{ key: string; attname: string; type: string }>(
    `select rn.nspname || '.' || c.relname as key, a.attname, format_type(a.atttypid, null) as type
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
       join pg_class c on c.oid = t.typrelid
       join pg_namespace rn on rn.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and t.typtype = 'c'
      order by key, a.attnum`,
    [EXPOSED_SCHEMA],
  )
  const types = new Map<string, Map<string, Column>>()
  for (const row of rows) {
    const columns = types.get(row.key) ?? new Map<string, Column>()
    columns.set(row.attname, { name: row.attname, type: row.type, nullable: true, defaultSql: null, generated: false })
    types.set(row.key, columns)
  }
  return types
}

async function loadFunctions(tx: Queryable, relations: Map<string, Relation>): Promise<Map<string, DbFunction[]>> {
  const { rows } = await tx.query<FunctionRow>(
    `select p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
            format_type(p.prorettype, null) as return_type, t.typtype as return_typtype,
            rc.relname as return_relname, rn.nspname as return_relschema,
            p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            array(select format_type(x.oid, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                    with ordinality x(oid, ord) order by x.ord) as arg_types,
            p.pronargdefaults as defaults
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
       left join pg_class rc on rc.oid = t.typrelid
       left join pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname = $1 and p.prokind = 'f'
        and t.typname not in ('trigger', 'event_trigger')`,
    [EXPOSED_SCHEMA],
  )
  const rowTypes = await loadRowTypes(tx)
  const functions = new Map<string, DbFunction[]>()
  const volatility = { i: 'immutable', s: 'stable', v: 'volatile' } as const
  for (const row of rows) {
    const args = functionArguments(row)
    const fn: DbFunction = {
      name: row.name,
      params: inputParams(args, row.defaults),
      volatility: volatility[row.volatility],
      returnsSet: row.returns_set,
      returns: returnShape(row, args, relations, rowTypes),
    }
    functions.set(row.name, [...(functions.get(row.name) ?? []), fn])
  }
  return functions
}

async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  return db.transaction(
    async (tx) => {
      // An empty search_path makes format_type and pg_get_expr qualify every non-catalog name.
      await tx.query(`select set_config('search_path', '', true)`)
      const relations = await loadRelations(tx)
      await loadKeys(tx, relations)
      const foreignKeys = await loadForeignKeys(tx)
      foreignKeys.push(...(await inferViewRelationships(tx, relations, foreignKeys)))
      const functions = await loadFunctions(tx, relations)
      return { relations, foreignKeys, functions }
    },
    { readOnly: true },
  )
}

/** Holds the current cache; concurrent reload requests share one catalogue read. */
export class SchemaCacheHolder {
  private cache: SchemaCache = { relations: new Map(), foreignKeys: [], functions: new Map() }
  private pending: Promise<SchemaCache> | null = null
  private generation = 0

  constructor(private readonly db: Database) {}

  get current(): SchemaCache {
    return this.cache
  }

  /** Increases on every completed reload; lets a request tell whether the cache changed under it. */
  get version(): number {
    return this.generation
  }

  reload(): Promise<SchemaCache> {
    this.pending ??= loadSchemaCache(this.db)
      .then((cache) => {
        this.cache = cache
        this.generation += 1
        return cache
      })
      .finally(() => {
        this.pending = null
      })
    return this.pending
  }
}

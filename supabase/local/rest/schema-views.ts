/**
 * Relationships of views, as PostgREST infers them: a view column that is a plain reference to a
 * table column (the view query's `resorigtbl`/`resorigcol`) inherits that column's foreign keys
 * and keys, so `book_cards?select=*,owner:profiles(*)` embeds like the table would.
 */
import type { Queryable } from '../db.ts'
import { EXPOSED_SCHEMA, type ForeignKey, type Relation } from './schema-types.ts'

interface TargetEntry {
  name: string
  table: string
  attnum: number
}

/** The text of `node` at its own level, nested `{…}` nodes removed. */
function ownLevel(node: string): string {
  let depth = 0
  let out = ''
  for (let i = 0; i < node.length; i++) {
    const c = node[i]!
    if (c === '\\') {
      if (depth <= 1) out += c + (node[i + 1] ?? '')
      i++
      continue
    }
    if (c === '{') depth++
    if (depth <= 1) out += c
    if (c === '}') depth--
  }
  return out
}

/** The `{TARGETENTRY …}` nodes of the top-level query's `:targetList` in a `_RETURN` rule. */
function topLevelTargetEntries(action: string): string[] {
  let depth = 0
  let start = -1
  for (let i = 0; i < action.length; i++) {
    const c = action[i]!
    if (c === '\\') {
      i++
      continue
    }
    if (c === '{') depth++
    else if (c === '}') depth--
    else if (depth === 1 && action.startsWith(':targetList (', i)) {
      start = i + ':targetList ('.length
      break
    }
  }
  if (start < 0) return []
  const entries: string[] = []
  let entryStart = -1
  depth = 0
  for (let i = start; i < action.length; i++) {
    const c = action[i]!
    if (c === '\\') {
      i++
      continue
    }
    if (c === '{' && depth++ === 0) entryStart = i
    else if (c === '}' && --depth === 0) entries.push(action.slice(entryStart, i + 1))
    else if (c === ')' && depth === 0) break
  }
  return entries
}

function parseTargetEntry(entry: string, relationNames: Map<string, string>): TargetEntry | undefined {
  const own = ownLevel(entry)
  if (!own.startsWith('{TARGETENTRY') || /:resjunk true/.test(own)) return undefined
  const name = /:resname ((?:\\.|[^\s}])+)/.exec(own)?.[1]?.replace(/\\(.)/g, '$1')
  const table = relationNames.get(/:resorigtbl (\d+)/.exec(own)?.[1] ?? '')
  const attnum = Number(/:resorigcol (\d+)/.exec(own)?.[1] ?? 0)
  return name && table && attnum > 0 ? { name, table, attnum } : undefined
}

/** view name → (view column → [base table, base column]), followed through views of views. */
async function viewColumnOrigins(
  tx: Queryable,
  relations: Map<string, Relation>,
): Promise<Map<string, Map<string, [string, string]>>> {
  const names = await tx.query<{ oid: string; relname: string }>(
    `select c.oid::text as oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`,
    [EXPOSED_SCHEMA],
  )
  const attributes = await tx.query<{ relname: string; attnum: number; attname: string }>(
    `select c.relname, a.attnum, a.attname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`,
    [EXPOSED_SCHEMA],
  )
  const rules = await tx.query<{ view: string; action: string }>(
    `select v.relname as view, r.ev_action::text as action from pg_rewrite r
       join pg_class v on v.oid = r.ev_class join pg_namespace n on n.oid = v.relnamespace
      where n.nspname = $1 and v.relkind in ('v', 'm') and r.rulename = '_RETURN'`,
    [EXPOSED_SCHEMA],
  )
  const relationNames = new Map(names.rows.map((row) => [row.oid, row.relname]))
  const columnName = new Map(attributes.rows.map((row) => [`${row.relname}\u0000${row.attnum}`, row.attname]))
  const direct = new Map<string, Map<string, [string, string]>>()
  for (const rule of rules.rows) {
    const columns = new Map<string, [string, string]>()
    for (const entry of topLevelTargetEntries(rule.action)) {
      const target = parseTargetEntry(entry, relationNames)
      const column = target && columnName.get(`${target.table}\u0000${target.attnum}`)
      if (target && column && !columns.has(target.name)) columns.set(target.name, [target.table, column])
    }
    direct.set(rule.view, columns)
  }
  const resolve = (origin: [string, string], hops = 0): [string, string] | undefined => {
    const next = direct.get(origin[0])
    if (!next) return relations.get(origin[0])?.kind === 'view' ? undefined : origin
    const further = next.get(origin[1])
    return further && hops < 16 ? resolve(further, hops + 1) : undefined
  }
  const resolved = new Map<string, Map<string, [string, string]>>()
  for (const [view, columns] of direct) {
    const out = new Map<string, [string, string]>()
    for (const [name, origin] of columns) {
      const base = resolve(origin)
      if (base) out.set(name, base)
    }
    resolved.set(view, out)
  }
  return resolved
}

/** How `relation` exposes `table`'s columns: itself, or a view with its column names. */
interface Exposure {
  relation: string
  columnFor(tableColumn: string): string | undefined
}

function exposures(table: string, origins: Map<string, Map<string, [string, string]>>): Exposure[] {
  const list: Exposure[] = [{ relation: table, columnFor: (column) => column }]
  for (const [view, columns] of origins) {
    const reverse = new Map<string, string>()
    for (const [viewColumn, [baseTable, baseColumn]] of columns) {
      if (baseTable === table && !reverse.has(baseColumn)) reverse.set(baseColumn, viewColumn)
    }
    if (reverse.size) list.push({ relation: view, columnFor: (column) => reverse.get(column) })
  }
  return list
}

function mapColumns(exposure: Exposure, columns: string[]): string[] | undefined {
  const mapped = columns.map((column) => exposure.columnFor(column))
  return mapped.every((c): c is string => c !== undefined) ? mapped : undefined
}

/**
 * Adds to `relations` (views' keys) and returns the foreign keys views inherit from their tables,
 * on either side, including view-to-view.
 */
export async function inferViewRelationships(
  tx: Queryable,
  relations: Map<string, Relation>,
  foreignKeys: ForeignKey[],
): Promise<ForeignKey[]> {
  const origins = await viewColumnOrigins(tx, relations)
  if (origins.size === 0) return []
  for (const [view, columns] of origins) {
    const relation = relations.get(view)
    const tables = new Set([...columns.values()].map(([table]) => table))
    if (!relation || tables.size === 0) continue
    for (const table of tables) {
      const base = relations.get(table)
      const exposure = exposures(table, new Map([[view, columns]]))[1]
      if (!base || !exposure) continue
      for (const key of base.uniqueKeys) {
        const mapped = mapColumns(exposure, key)
        if (mapped) relation.uniqueKeys.push(mapped)
        if (mapped && key === base.primaryKey && relation.primaryKey.length === 0) relation.primaryKey = mapped
      }
    }
  }
  const inferred: ForeignKey[] = []
  for (const fk of foreignKeys) {
    for (const from of exposures(fk.table, origins)) {
      for (const to of exposures(fk.refTable, origins)) {
        if (from.relation === fk.table && to.relation === fk.refTable) continue
        const columns = mapColumns(from, fk.columns)
        const refColumns = mapColumns(to, fk.refColumns)
        if (columns && refColumns)
          inferred.push({ name: fk.name, table: from.relation, columns, refTable: to.relation, refColumns })
      }
    }
  }
  return inferred
}

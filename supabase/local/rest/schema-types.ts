/** The shapes of the schema cache: what PostgREST knows about the exposed schema. */
export const EXPOSED_SCHEMA = 'public'

export interface Column {
  name: string
  /** format_type without typmod, e.g. `integer`, `text[]`, `timestamp with time zone`. */
  type: string
  nullable: boolean
  /** SQL of the column default (identity columns: their nextval), or null. */
  defaultSql: string | null
  generated: boolean
}

export type RelationKind = 'table' | 'view' | 'materialized view' | 'foreign table' | 'partitioned table'

export interface Relation {
  name: string
  kind: RelationKind
  columns: Map<string, Column>
  primaryKey: string[]
  /** Primary key and unique constraints/indexes (column sets). */
  uniqueKeys: string[][]
}

export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export interface FunctionParam {
  name: string
  type: string
  hasDefault: boolean
}

export type ReturnShape =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string }
  /** A row type: a table's (then `table` names it, for embeds) or OUT/TABLE parameters. */
  | { kind: 'composite'; columns: Map<string, Column>; table?: string }

export interface DbFunction {
  name: string
  params: FunctionParam[]
  volatility: 'immutable' | 'stable' | 'volatile'
  returnsSet: boolean
  returns: ReturnShape
}

export interface SchemaCache {
  relations: Map<string, Relation>
  foreignKeys: ForeignKey[]
  functions: Map<string, DbFunction[]>
}

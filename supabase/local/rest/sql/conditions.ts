/**
 * Filter conditions to SQL. Every value is a bound text parameter cast to the column's catalogue
 * type; every identifier has been checked against the schema cache and is quoted.
 */
import { RestError } from '../errors.ts'
import type { FieldRef } from '../parse/field.ts'
import { parseInList, type Condition, type LogicTree, type Operation, type Operator } from '../parse/filters.ts'
import type { Column } from '../schema-types.ts'
import { ident, type Params } from './params.ts'

/** The columns a node can filter, select and order on. */
export interface ColumnSource {
  name: string
  columns: Map<string, Column>
}

function columnOf(source: ColumnSource, name: string): Column {
  const column = source.columns.get(name)
  if (!column) {
    throw new RestError(400, '42703', `column ${source.name}.${name} does not exist`, null, null)
  }
  return column
}

export interface TypedExpression {
  sql: string
  type: string
}

/** `"t0"."data"->'a'->>'b'` with its result type; JSON keys are bound, array indexes inlined. */
export function fieldExpression(source: ColumnSource, alias: string, field: FieldRef, params: Params): TypedExpression {
  const column = columnOf(source, field.column)
  let sql = `${ident(alias)}.${ident(column.name)}`
  let type = column.type
  for (const step of field.path) {
    const key = /^-?\d{1,9}$/.test(step.key) ? String(Number(step.key)) : params.text(step.key)
    sql = `(${sql}${step.arrow}${key})`
    type = step.arrow === '->>' ? 'text' : column.type === 'json' ? 'json' : 'jsonb'
  }
  return { sql, type }
}

const COMPARISON: Partial<Record<Operator, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}
const PATTERN: Partial<Record<Operator, string>> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' }
const TEXT_SEARCH: Partial<Record<Operator, string>> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}
const IS_KEYWORDS: Record<string, string> = {
  null: 'is null',
  not_null: 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
}

function arrayType(type: string): string {
  return type.endsWith('[]') ? type : `${type}[]`
}

function likePattern(op: Operator, value: string): string {
  return op === 'like' || op === 'ilike' ? value.replace(/\*/g, '%') : value
}

function patternSql(expr: TypedExpression, operation: Operation, params: Params): string {
  const operator = PATTERN[operation.op]!
  const subject = expr.type === 'text' ? expr.sql : `${expr.sql}::text`
  if (operation.quantifier) {
    return `${subject} ${operator} ${operation.quantifier}(${params.typed(likePattern(operation.op, operation.value), 'text[]')})`
  }
  return `${subject} ${operator} ${params.text(likePattern(operation.op, operation.value))}`
}

function textSearchSql(expr: TypedExpression, operation: Operation, params: Params): string {
  const config = operation.config ? `${params.typed(operation.config, 'regconfig')}, ` : ''
  const vector = expr.type === 'tsvector' ? expr.sql : `to_tsvector(${config}${expr.sql}::text)`
  return `${vector} @@ ${TEXT_SEARCH[operation.op]!}(${config}${params.text(operation.value)})`
}

function operationSql(expr: TypedExpression, operation: Operation, params: Params): string {
  const { op, value } = operation
  if (op === 'is') return `${expr.sql} ${IS_KEYWORDS[value.toLowerCase()]!}`
  if (op === 'isdistinct') return `${expr.sql} is distinct from ${params.typed(value, expr.type)}`
  if (op === 'in') {
    const items = parseInList(value)
    return items.length ? `${expr.sql} in (${items.map((item) => params.typed(item, expr.type)).join(', ')})` : 'false'
  }
  if (PATTERN[op]) return patternSql(expr, operation, params)
  if (TEXT_SEARCH[op]) return textSearchSql(expr, operation, params)
  const operator = COMPARISON[op]!
  if (operation.quantifier)
    return `${expr.sql} ${operator} ${operation.quantifier}(${params.typed(value, arrayType(expr.type))})`
  return `${expr.sql} ${operator} ${params.typed(value, expr.type)}`
}

export function conditionSql(source: ColumnSource, alias: string, condition: Condition, params: Params): string {
  const sql = operationSql(fieldExpression(source, alias, condition.field, params), condition, params)
  return condition.negate ? `not (${sql})` : sql
}

export function treeSql(source: ColumnSource, alias: string, tree: LogicTree, params: Params): string {
  const parts = tree.children.map((child) =>
    child.kind === 'logic' ? treeSql(source, alias, child, params) : conditionSql(source, alias, child, params),
  )
  const sql = `(${parts.join(` ${tree.operator} `) || (tree.operator === 'and' ? 'true' : 'false')})`
  return tree.negate ? `not ${sql}` : sql
}

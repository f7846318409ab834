/**
 * Filters: `col=[not.]op[(any|all|config)].value`, and the boolean trees of
 * `or=(…)` / `and=(…)`, and the `in.(…)` list syntax.
 */
import { checkRegexPattern } from './regex.ts'
import { parseError } from '../errors.ts'
import { parseField, type FieldRef } from './field.ts'
import { indexOfTopLevel, splitTopLevel, unquote } from './tokens.ts'

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const
export type Operator = (typeof OPERATORS)[number]

const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
const TEXT_SEARCH = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts'])
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown'])

export interface Operation {
  negate: boolean
  op: Operator
  quantifier?: 'any' | 'all'
  /** Text search configuration of fts(config). */
  config?: string
  value: string
}

export interface Condition extends Operation {
  kind: 'condition'
  field: FieldRef
}

export interface LogicTree {
  kind: 'logic'
  operator: 'and' | 'or'
  negate: boolean
  children: Array<Condition | LogicTree>
}

function isOperator(name: string): name is Operator {
  return (OPERATORS as readonly string[]).includes(name)
}

function parseOperation(text: string, inTree = false): Operation {
  const negate = text.startsWith('not.')
  const body = negate ? text.slice(4) : text
  const dot = body.indexOf('.')
  if (dot < 0) throw parseError(`failed to parse filter (${text})`, 'missing operator or value')
  const token = body.slice(0, dot)
  const rawValue = body.slice(dot + 1)
  const match = /^([a-z]+)(?:\(([^()]*)\))?$/.exec(token)
  if (!match || !isOperator(match[1]!))
    throw parseError(`failed to parse filter (${text})`, `unknown operator "${token}"`)
  const op = match[1] as Operator
  const modifier = match[2]
  const operation: Operation = { negate, op, value: inTree && op !== 'in' ? unquote(rawValue) : rawValue }
  if (modifier !== undefined) {
    if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) operation.quantifier = modifier
    else if (TEXT_SEARCH.has(op) && modifier) operation.config = modifier
    else throw parseError(`failed to parse filter (${text})`, `unexpected modifier "${modifier}"`)
  }
  if (op === 'is' && !IS_VALUES.has(operation.value.toLowerCase())) {
    throw parseError(`failed to parse filter (${text})`, 'is accepts null, not_null, true, false or unknown')
  }
  if (op === 'in' && !/^\(.*\)$/s.test(operation.value))
    throw parseError(`failed to parse filter (${text})`, 'in needs a list: in.(a,b)')
  if (op === 'match' || op === 'imatch') {
    for (const pattern of operation.quantifier ? parsePatternList(operation.value) : [operation.value]) {
      checkRegexPattern(pattern)
    }
  }
  return operation
}

/** The patterns of `match(any).{a,b}`: PostgreSQL's array literal, read as parseInList reads a list. */
function parsePatternList(value: string): string[] {
  return /^\{.*\}$/s.test(value) ? parseInList(`(${value.slice(1, -1)})`) : [value]
}

/** `(1,2,"a,b")` → ['1', '2', 'a,b']. */
export function parseInList(value: string): string[] {
  const inner = value.slice(1, -1)
  if (inner.trim() === '') return []
  return splitTopLevel(inner).map((item) => unquote(item.trim()))
}

/** Deeper or wider `and`/`or` trees are refused before they reach the planner. */
const MAX_TREE_DEPTH = 8
const MAX_TREE_ITEMS = 100

function parseTreeItem(text: string, depth: number): Condition | LogicTree {
  const logic = /^(not\.)?(and|or)\((.*)\)$/s.exec(text)
  if (logic) return parseLogicTree(logic[2] as 'and' | 'or', `(${logic[3]})`, Boolean(logic[1]), depth + 1)
  const dot = indexOfTopLevel(text, '.')
  if (dot <= 0) throw parseError(`failed to parse logic tree (${text})`)
  return { kind: 'condition', field: parseField(text.slice(0, dot)), ...parseOperation(text.slice(dot + 1), true) }
}

export function parseLogicTree(operator: 'and' | 'or', value: string, negate = false, depth = 1): LogicTree {
  if (!value.startsWith('(') || !value.endsWith(')'))
    throw parseError(`failed to parse logic tree (${value})`, 'expected "(...)"')
  if (depth > MAX_TREE_DEPTH) {
    throw parseError('failed to parse logic tree', `logic trees may nest at most ${MAX_TREE_DEPTH} levels deep`)
  }
  const items = splitTopLevel(value.slice(1, -1))
  if (items.length > MAX_TREE_ITEMS) {
    throw parseError('failed to parse logic tree', `a logic tree may hold at most ${MAX_TREE_ITEMS} conditions`)
  }
  const children = items.map((item) => parseTreeItem(item.trim(), depth))
  return { kind: 'logic', operator, negate, children }
}

export function parseCondition(column: string, value: string): Condition {
  return { kind: 'condition', field: parseField(column), ...parseOperation(value) }
}

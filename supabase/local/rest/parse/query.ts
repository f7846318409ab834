/**
 * Splits a request's query string (form-decoded, repeated keys kept) into the select tree and the
 * filters, order, limit and offset of the root and of each embed path (`rel.sub.col=…`).
 */
import { parseError } from '../errors.ts'
import { parseCondition, parseLogicTree, type Condition, type LogicTree } from './filters.ts'
import { parseOrder, type OrderTerm } from './order.ts'
import { parseSelect, type SelectItem } from './select.ts'
import { unquote } from './tokens.ts'

export interface NodeModifiers {
  conditions: Condition[]
  trees: LogicTree[]
  order?: OrderTerm[]
  limit?: number
  offset?: number
}

export interface ParsedQuery {
  select: SelectItem[]
  /** Keyed by embed path joined with '.', '' for the root. */
  nodes: Map<string, NodeModifiers>
  columns?: string[]
  onConflict?: string[]
}

const TOP_LEVEL_ONLY = new Set(['select', 'columns', 'on_conflict'])

function nonNegativeInteger(key: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(`failed to parse ${key} parameter (${value})`)
  return Number(value)
}

function modifiersFor(nodes: Map<string, NodeModifiers>, path: string): NodeModifiers {
  let node = nodes.get(path)
  if (!node) {
    node = { conditions: [], trees: [] }
    nodes.set(path, node)
  }
  return node
}

function columnList(value: string): string[] {
  return value
    .split(',')
    .map((name) => unquote(name.trim()))
    .filter(Boolean)
}

function applyKey(nodes: Map<string, NodeModifiers>, key: string, value: string): void {
  const segments = key.split('.')
  const last = segments[segments.length - 1]!
  const negatedLogic =
    segments.length >= 2 && segments[segments.length - 2] === 'not' && (last === 'or' || last === 'and')
  const pathEnd = negatedLogic ? segments.length - 2 : segments.length - 1
  const node = modifiersFor(nodes, segments.slice(0, pathEnd).join('.'))
  if (last === 'or' || last === 'and') node.trees.push(parseLogicTree(last, value, negatedLogic))
  else if (last === 'order') node.order = [...(node.order ?? []), ...parseOrder(value)]
  else if (last === 'limit') node.limit = nonNegativeInteger('limit', value)
  else if (last === 'offset') node.offset = nonNegativeInteger('offset', value)
  else node.conditions.push(parseCondition(last, value))
}

/** `skip` names keys consumed elsewhere (rpc arguments on GET). */
export function parseQuery(params: URLSearchParams, skip: ReadonlySet<string> = new Set()): ParsedQuery {
  const nodes = new Map<string, NodeModifiers>([['', { conditions: [], trees: [] }]])
  const query: ParsedQuery = { select: parseSelect(params.get('select')), nodes }
  for (const [key, value] of params) {
    if (skip.has(key)) continue
    if (key === 'columns') query.columns = columnList(value)
    else if (key === 'on_conflict') query.onConflict = columnList(value)
    else if (!TOP_LEVEL_ONLY.has(key)) applyKey(nodes, key, value)
  }
  return query
}

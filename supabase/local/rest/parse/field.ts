/** A column reference with an optional JSON path: `data->a->>b`, `"my col"->0`. */
import { parseError } from '../errors.ts'
import { unquote } from './tokens.ts'

export interface JsonStep {
  arrow: '->' | '->>'
  key: string
}

export interface FieldRef {
  column: string
  path: JsonStep[]
}

export function parseField(text: string): FieldRef {
  let column: string
  let rest: string
  if (text.startsWith('"')) {
    const close = text.indexOf('"', 1)
    if (close < 0) throw parseError(`failed to parse field "${text}"`)
    column = text.slice(1, close)
    rest = text.slice(close + 1)
  } else {
    const arrow = text.indexOf('->')
    column = arrow < 0 ? text : text.slice(0, arrow)
    rest = arrow < 0 ? '' : text.slice(arrow)
  }
  if (!column) throw parseError(`failed to parse field "${text}"`, 'empty column name')
  const path: JsonStep[] = []
  const pieces = rest.split(/(->>|->)/).slice(1)
  for (let i = 0; i < pieces.length; i += 2) {
    const key = unquote((pieces[i + 1] ?? '').replace(/^'(.*)'$/, '$1'))
    if (!key) throw parseError(`failed to parse JSON path "${text}"`)
    path.push({ arrow: pieces[i] as JsonStep['arrow'], key })
  }
  if (rest && path.length === 0) throw parseError(`failed to parse field "${text}"`)
  return { column, path }
}

/** The key PostgREST gives a selected field: the last JSON key, or the column name. */
export function fieldOutputName(field: FieldRef): string {
  return field.path.length ? field.path[field.path.length - 1]!.key : field.column
}

/** `order=col.desc.nullslast,rel(col).asc,data->>k` */
import { parseError } from '../errors.ts'
import { parseField, type FieldRef } from './field.ts'
import { indexOfTopLevel, splitTopLevel } from './tokens.ts'

export interface OrderTerm {
  field: FieldRef
  /** Set for `rel(col)`: order by a column of a to-one embed. */
  relation?: string
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

function parseTerm(raw: string): OrderTerm {
  const text = raw.trim()
  const dot = indexOfTopLevel(text, '.')
  const fieldText = dot < 0 ? text : text.slice(0, dot)
  const modifiers = dot < 0 ? [] : text.slice(dot + 1).split('.')
  const embedded = /^([^()]+)\(([^()]+)\)$/.exec(fieldText)
  const term: OrderTerm = embedded
    ? { relation: embedded[1], field: parseField(embedded[2]!) }
    : { field: parseField(fieldText) }
  for (const modifier of modifiers) {
    if (modifier === 'asc' || modifier === 'desc') term.direction = modifier
    else if (modifier === 'nullsfirst') term.nulls = 'first'
    else if (modifier === 'nullslast') term.nulls = 'last'
    else throw parseError(`failed to parse order (${text})`, `unexpected "${modifier}"`)
  }
  return term
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value)
    .filter((term) => term.trim() !== '')
    .map(parseTerm)
}

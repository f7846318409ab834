/** PostgREST's `select` grammar: columns, aliases, casts, JSON paths, embeds, spreads. */
import { parseError } from '../errors.ts'
import { parseField, type FieldRef } from './field.ts'
import { indexOfUnquoted, matchingParen, splitTopLevel, unquote } from './tokens.ts'

export interface StarItem {
  kind: 'star'
}

export interface FieldItem {
  kind: 'field'
  alias?: string
  field: FieldRef
  cast?: string
}

export interface EmbedItem {
  kind: 'embed'
  alias?: string
  target: string
  hint?: string
  joinType: 'left' | 'inner'
  spread: boolean
  items: SelectItem[]
}

export type SelectItem = StarItem | FieldItem | EmbedItem

/** Type names a cast may use: plain identifiers, optionally an array. Nothing else reaches SQL. */
const CAST_TYPE = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/

/** Splits `alias:rest` on the first single colon (`::` is a cast, not an alias). */
function splitAlias(text: string): { alias?: string; rest: string } {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1)
      if (close < 0) break
      i = close
      continue
    }
    if (text[i] === '(') break
    if (text[i] === ':') {
      if (text[i + 1] === ':') return { rest: text }
      const alias = unquote(text.slice(0, i))
      if (!alias) throw parseError(`failed to parse select "${text}"`, 'empty alias')
      return { alias, rest: text.slice(i + 1) }
    }
  }
  return { rest: text }
}

function parseEmbed(text: string, open: number, spread: boolean): EmbedItem {
  if (matchingParen(text, open) !== text.length - 1)
    throw parseError(`failed to parse select "${text}"`, 'unbalanced parentheses')
  const { alias, rest: head } = splitAlias(text.slice(0, open))
  const [target, ...modifiers] = head.split('!')
  if (!target) throw parseError(`failed to parse select "${text}"`, 'empty embed name')
  let joinType: EmbedItem['joinType'] = 'left'
  let hint: string | undefined
  for (const modifier of modifiers) {
    if (modifier === 'inner' || modifier === 'left') joinType = modifier
    else if (modifier && !hint) hint = modifier
    else throw parseError(`failed to parse select "${text}"`, `unexpected "!${modifier}"`)
  }
  const inner = text.slice(open + 1, -1)
  return {
    kind: 'embed',
    alias,
    target: unquote(target),
    hint,
    joinType,
    spread,
    items: inner.trim() ? parseItems(inner) : [],
  }
}

function parseFieldItem(text: string): FieldItem {
  const { alias, rest } = splitAlias(text)
  const castAt = rest.lastIndexOf('::')
  const quoteEnd = rest.lastIndexOf('"')
  let fieldText = rest
  let cast: string | undefined
  if (castAt > 0 && castAt > quoteEnd) {
    cast = rest.slice(castAt + 2)
    fieldText = rest.slice(0, castAt)
    if (!CAST_TYPE.test(cast)) throw parseError(`failed to parse select "${text}"`, `invalid cast type "${cast}"`)
  }
  return { kind: 'field', alias, field: parseField(fieldText), cast }
}

function parseItem(raw: string): SelectItem {
  const text = raw.trim()
  if (!text) throw parseError('failed to parse select', 'empty select item')
  if (text === '*') return { kind: 'star' }
  const spread = text.startsWith('...')
  const body = spread ? text.slice(3) : text
  const open = indexOfUnquoted(body, '(')
  if (open >= 0) return parseEmbed(body, open, spread)
  if (spread) throw parseError(`failed to parse select "${text}"`, 'a spread needs an embedded resource')
  return parseFieldItem(body)
}

/** Larger or deeper select lists are refused before they reach the planner. */
const MAX_SELECT_ITEMS = 200
const MAX_EMBED_DEPTH = 8

function parseItems(text: string): SelectItem[] {
  return splitTopLevel(text).map(parseItem)
}

function measure(items: SelectItem[], depth: number): number {
  if (depth > MAX_EMBED_DEPTH)
    throw parseError('failed to parse select', `embeds may nest at most ${MAX_EMBED_DEPTH} levels deep`)
  return items.reduce((count, item) => count + 1 + (item.kind === 'embed' ? measure(item.items, depth + 1) : 0), 0)
}

export function parseSelect(text: string | null): SelectItem[] {
  if (text === null || text.trim() === '') return [{ kind: 'star' }]
  const items = parseItems(text)
  if (measure(items, 0) > MAX_SELECT_ITEMS) {
    throw parseError('failed to parse select', `a select may name at most ${MAX_SELECT_ITEMS} columns and embeds`)
  }
  return items
}

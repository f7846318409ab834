/** Small lexical helpers shared by the query-string parsers. */
import { parseError } from '../errors.ts'

/** Splits on `separator` where not inside parentheses, braces or double quotes. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      current += char
      if (char === '\\' && i + 1 < text.length) current += text[++i]
      else if (char === '"') quoted = false
      continue
    }
    if (char === '"') quoted = true
    else if (char === '(' || char === '{' || char === '[') depth++
    else if (char === ')' || char === '}' || char === ']') depth--
    if (char === separator && depth === 0) {
      parts.push(current)
      current = ''
    } else {
      current += char
    }
  }
  if (quoted || depth !== 0) throw parseError(`failed to parse "${text}"`, 'unbalanced quotes or parentheses')
  parts.push(current)
  return parts
}

/** Index of the first `char` outside double quotes and parentheses, or -1. */
export function indexOfTopLevel(text: string, char: string, from = 0): number {
  let depth = 0
  let quoted = false
  for (let i = from; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
      continue
    }
    if (c === '"') quoted = true
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === char && depth === 0) return i
  }
  return -1
}

/** Index of the first `char` outside double quotes, or -1. */
export function indexOfUnquoted(text: string, char: string): number {
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
    } else if (c === '"') quoted = true
    else if (c === char) return i
  }
  return -1
}

/** `"a \"b\""` → `a "b"`; anything not wrapped in double quotes is returned as is. */
export function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return text
}

/** The index of the `)` closing the `(` at `open`, or -1. */
export function matchingParen(text: string, open: number): number {
  let depth = 0
  let quoted = false
  for (let i = open; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
      continue
    }
    if (c === '"') quoted = true
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i
  }
  return -1
}

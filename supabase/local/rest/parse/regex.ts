/**
 * `match` / `imatch` patterns are checked before they reach the database. PostgreSQL refuses a
 * malformed pattern, or one whose bounded repetitions would expand past its limits, with 2201B
 * ("invalid regular expression"), which PostgREST answers as 400 at once; the embedded engine
 * instead spends seconds (holding every other request) before failing. So the same refusal is made
 * here: unbalanced parentheses or brackets, a dangling escape or quantifier, a pattern longer than
 * 1,000 characters, nested bounded repetitions whose product passes 1,000 ({1,255} inside {1,255}
 * is 65,025 copies), or bounded repetitions adding up past 5,000 copies in all.
 */
import { RestError } from '../errors.ts'

const MAX_PATTERN_LENGTH = 1000
const MAX_NESTED_COPIES = 1000
const MAX_TOTAL_COPIES = 5000

function invalidPattern(reason: string): RestError {
  return new RestError(400, '2201B', `invalid regular expression: ${reason}`)
}

interface Group {
  /** The largest product of repetitions inside the group so far. */
  inner: number
}

/** The end of a bracket expression starting at `start` (the index of `]`), or -1. */
function bracketEnd(pattern: string, start: number): number {
  let index = start + 1
  if (pattern[index] === '^') index += 1
  if (pattern[index] === ']') index += 1
  while (index < pattern.length) {
    if (pattern[index] === '[' && /[:.=]/.test(pattern[index + 1] ?? '')) {
      const close = pattern.indexOf(`${pattern[index + 1]}]`, index + 2)
      if (close < 0) return -1
      index = close + 2
      continue
    }
    if (pattern[index] === ']') return index
    index += 1
  }
  return -1
}

/** A quantifier at `index`: its length and the copies it makes (1 for unbounded ones), or null. */
function quantifierAt(pattern: string, index: number): { length: number; copies: number } | null {
  const char = pattern[index]
  if (char === '*' || char === '+' || char === '?') return { length: pattern[index + 1] === '?' ? 2 : 1, copies: 1 }
  if (char !== '{') return null
  const bound = /^\{(\d{1,6})(,(\d{0,6}))?\}\??/.exec(pattern.slice(index))
  if (!bound) return null
  const low = Number(bound[1])
  const high = bound[2] === undefined ? low : bound[3] ? Number(bound[3]) : low
  if (high < low) throw invalidPattern('invalid repetition count(s)')
  if (low > 255 || high > 255) throw invalidPattern('invalid repetition count(s)')
  return { length: bound[0].length, copies: Math.max(low, high, 1) }
}

/** Throws the 400 PostgREST would answer for a pattern PostgreSQL refuses (see above). */
export function checkRegexPattern(pattern: string): void {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw invalidPattern(`pattern longer than ${MAX_PATTERN_LENGTH} characters`)
  }
  const groups: Group[] = [{ inner: 1 }]
  let total = 0
  let lastAtom: number | null = null
  let index = 0
  while (index < pattern.length) {
    const char = pattern[index]!
    const quantifier = quantifierAt(pattern, index)
    if (quantifier) {
      if (lastAtom === null) throw invalidPattern('quantifier operand invalid')
      const copies = lastAtom * quantifier.copies
      if (copies > MAX_NESTED_COPIES) throw invalidPattern('regular expression is too complex')
      total += quantifier.copies > 1 ? copies : 0
      if (total > MAX_TOTAL_COPIES) throw invalidPattern('regular expression is too complex')
      const group = groups.at(-1)!
      group.inner = Math.max(group.inner, copies)
      lastAtom = null
      index += quantifier.length
      continue
    }
    if (char === '\\') {
      if (index + 1 >= pattern.length) throw invalidPattern('invalid escape \\ sequence')
      lastAtom = 1
      index += 2
    } else if (char === '[') {
      const end = bracketEnd(pattern, index)
      if (end < 0) throw invalidPattern('brackets [] not balanced')
      lastAtom = 1
      index = end + 1
    } else if (char === '(') {
      groups.push({ inner: 1 })
      lastAtom = null
      index += pattern.startsWith('(?:', index) ? 3 : 1
    } else if (char === ')') {
      if (groups.length === 1) throw invalidPattern('parentheses () not balanced')
      const closed = groups.pop()!
      const outer = groups.at(-1)!
      outer.inner = Math.max(outer.inner, closed.inner)
      lastAtom = closed.inner
      index += 1
    } else if (char === '|' || char === '^' || char === '$') {
      lastAtom = null
      index += 1
    } else {
      lastAtom = 1
      index += 1
    }
  }
  if (groups.length > 1) throw invalidPattern('parentheses () not balanced')
}

/** Bound parameters and identifier quoting: the only two ways request text reaches SQL. */
import { parseError } from '../errors.ts'

/**
 * The wire protocol counts a statement's parameters in 16 bits: a request with more would send a
 * Bind message whose count wraps around. Requests stay far below that.
 */
const MAX_PARAMS = 10_000

export class Params {
  readonly values: string[] = []

  /** Binds a value as text and returns its placeholder (`$n::text`). */
  text(value: string): string {
    if (this.values.length >= MAX_PARAMS) {
      throw parseError('too many values in one request', `a request may bind at most ${MAX_PARAMS} values`)
    }
    this.values.push(value)
    return `$${this.values.length}::text`
  }

  /** Binds a value as text, converted to `type` (a catalogue type name, never request text). */
  typed(value: string, type: string): string {
    return type === 'text' ? this.text(value) : `${this.text(value)}::${type}`
  }
}

/**
 * A NUL byte cannot travel in SQL text: the wire protocol sends statements as C strings, so the
 * server would stop reading at it and reject the rest of the message as malformed (08P01).
 */
export function ident(name: string): string {
  if (name.includes('\0')) throw parseError('failed to parse a name', 'names may not contain a NUL character')
  return `"${name.replace(/"/g, '""')}"`
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`
}

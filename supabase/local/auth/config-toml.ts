/**
 * A small reader for the subset of TOML that supabase/config.toml uses: `[dotted.sections]` and
 * `key = value` with strings, numbers, booleans and (possibly multi-line) arrays of those.
 * The result is flat: `{ 'auth.email.template.recovery': { subject: '…' } }`.
 */
import fs from 'node:fs'

export type TomlValue = string | number | boolean | TomlValue[]
export type TomlSections = Record<string, Record<string, TomlValue>>

class ValueReader {
  private pos = 0

  constructor(private readonly text: string) {}

  read(): TomlValue {
    this.skipSpace()
    const ch = this.text[this.pos]
    if (ch === '"') return this.basicString()
    if (ch === "'") return this.literalString()
    if (ch === '[') return this.array()
    return this.bareValue()
  }

  rest(): string {
    return this.text.slice(this.pos)
  }

  private skipSpace(): void {
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos]!
      if (ch === '#') {
        while (this.pos < this.text.length && this.text[this.pos] !== '\n') this.pos += 1
      } else if (/\s/.test(ch)) this.pos += 1
      else return
    }
  }

  private basicString(): string {
    const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' }
    let out = ''
    this.pos += 1
    while (this.pos < this.text.length && this.text[this.pos] !== '"') {
      const ch = this.text[this.pos]!
      if (ch === '\\') {
        const next = this.text[this.pos + 1] ?? ''
        out += escapes[next] ?? next
        this.pos += 2
      } else {
        out += ch
        this.pos += 1
      }
    }
    this.pos += 1
    return out
  }

  private literalString(): string {
    const end = this.text.indexOf("'", this.pos + 1)
    const value = this.text.slice(this.pos + 1, end)
    this.pos = end + 1
    return value
  }

  private array(): TomlValue[] {
    const items: TomlValue[] = []
    this.pos += 1
    for (;;) {
      this.skipSpace()
      if (this.text[this.pos] === ']' || this.pos >= this.text.length) break
      items.push(this.read())
      this.skipSpace()
      if (this.text[this.pos] === ',') this.pos += 1
    }
    this.pos += 1
    return items
  }

  private bareValue(): TomlValue {
    const match = /^[^\s,\]#]+/.exec(this.text.slice(this.pos))
    const raw = match?.[0] ?? ''
    this.pos += raw.length
    if (raw === 'true' || raw === 'false') return raw === 'true'
    const number = Number(raw.replace(/_/g, ''))
    return Number.isNaN(number) ? raw : number
  }
}

export function parseToml(text: string): TomlSections {
  const sections: TomlSections = { '': {} }
  let current = sections['']
  let remaining = text
  while (remaining.length) {
    const lineEnd = remaining.indexOf('\n')
    const line = (lineEnd < 0 ? remaining : remaining.slice(0, lineEnd)).trim()
    const header = /^\[([^[\]]+)\]\s*(#.*)?$/.exec(line)
    const assignment = /^([A-Za-z0-9_.-]+|"[^"]+")\s*=/.exec(line)
    if (header) {
      current = sections[header[1]!.trim()] ??= {}
    } else if (assignment && current) {
      const reader = new ValueReader(remaining.slice(remaining.indexOf('=') + 1))
      current[assignment[1]!.replace(/^"|"$/g, '')] = reader.read()
      remaining = reader.rest()
      continue
    }
    remaining = lineEnd < 0 ? '' : remaining.slice(lineEnd + 1)
  }
  return sections
}

export function readTomlFile(file: string): TomlSections {
  return fs.existsSync(file) ? parseToml(fs.readFileSync(file, 'utf8')) : { '': {} }
}

/** Bound parameters and identifier quoting: the only two ways request text reaches SQL. */

export class Params {
  readonly values: string[] = [];

  /** Binds a value as text and returns its placeholder (`$n::text`). */
  text(value: string): string {
    this.values.push(value);
    return `$${this.values.length}::text`;
  }

  /** Binds a value as text, converted to `type` (a catalogue type name, never request text). */
  typed(value: string, type: string): string {
    return type === 'text' ? this.text(value) : `${this.text(value)}::${type}`;
  }
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

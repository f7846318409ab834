import type { Json } from '../../../../contracts/database.ts'

/**
 * A database function's jsonb answer in the shape that function builds. The generated types know a
 * jsonb result only as `Json`, so this is the one place such an answer takes its declared shape;
 * every column and table result is typed by the schema instead.
 */
export function jsonbAnswer<Shape>(value: Json): Shape {
  return value as unknown as Shape
}

/**
 * A database function's composite answer (`returns <type>`) in the shape that function fills: the
 * generated types make every field of a composite type nullable, whatever the function guarantees.
 */
export function compositeAnswer<Shape>(value: object | null): Shape {
  return value as unknown as Shape
}

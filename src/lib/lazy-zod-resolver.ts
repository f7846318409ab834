import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

/**
 * A react-hook-form resolver whose zod schema is built at the first validation (usually the first
 * send) instead of when its module loads or its form first renders: building a schema is a long
 * task on a slow phone, and the forms of the pages relatives open are there before anyone types.
 */
export function lazyZodResolver<Input extends FieldValues, Output extends FieldValues>(
  buildSchema: () => z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  let resolver: Resolver<Input, unknown, Output> | undefined
  return (values, context, options) => {
    resolver ??= zodResolver(buildSchema())
    return resolver(values, context, options)
  }
}

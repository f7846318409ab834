import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { lazyZodResolver } from './lazy-zod-resolver'

const options = { fields: {}, shouldUseNativeValidation: false } as const

describe('lazyZodResolver', () => {
  it('builds its schema at the first validation, once, and validates with it', async () => {
    const buildSchema = vi.fn(() => z.object({ email: z.email({ error: 'bad address' }) }))
    const resolver = lazyZodResolver(buildSchema)
    expect(buildSchema).not.toHaveBeenCalled()

    const invalid = await resolver({ email: 'nobody' }, undefined, options)
    expect(invalid.errors).toMatchObject({ email: { message: 'bad address' } })
    const valid = await resolver({ email: 'a@b.co' }, undefined, options)
    expect(valid).toEqual({ values: { email: 'a@b.co' }, errors: {} })
    expect(buildSchema).toHaveBeenCalledTimes(1)
  })
})

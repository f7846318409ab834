import { expect, it, vi } from 'vitest'

it('zod, loaded after the setting, neither compiles nor probes for eval (the CSP would log the probe)', async () => {
  vi.resetModules()
  await import('./zod-jitless')
  const { z } = await import('zod')
  const { util } = await import('zod/v4/core')
  expect(z.object({ name: z.string() }).parse({ name: 'שרה' })).toEqual({ name: 'שרה' })
  expect(util.allowsEval.value).toBe(false)
})

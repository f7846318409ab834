import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: repoRoot })

/** The layer rule's messages for `code` written as the file at `filePath` (relative to the repo). */
async function layerMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
  return result!.messages.filter((message) => message.ruleId === 'boundaries/layer-ranks').map((m) => m.message)
}

// Loading ESLint with the TypeScript parser takes seconds on a busy machine.
describe('the ranked layers of src/ in eslint.config.js', { timeout: 60_000 }, () => {
  it('fails an import that goes up a layer: lib into a domain, a domain into a feature, a component into a domain', async () => {
    const libIntoDomain = await layerMessages(
      'src/lib/upward.fixture.ts',
      "export { tBooks } from '@/domains/book/strings/books'\n",
    )
    const domainIntoFeature = await layerMessages(
      'src/domains/gift/api/upward.fixture.ts',
      "import { BookPicker } from '../../../features/dashboard/components/BookPicker'\nexport const picker = BookPicker\n",
    )
    const componentIntoDomain = await layerMessages(
      'src/components/ui/upward.fixture.ts',
      "export const load = () => import('@/domains/reading/ui/BookProfile')\n",
    )
    expect(libIntoDomain).toEqual([
      'src/lib must not import src/domains/book: imports go down only (app › features › domains › components › lib › config/i18n/types).',
    ])
    expect(domainIntoFeature).toHaveLength(1)
    expect(domainIntoFeature[0]).toContain('src/domains/gift must not import src/features/dashboard')
    expect(componentIntoDomain).toHaveLength(1)
  })

  it('fails a feature that imports another feature or src/app, also lazily or in a mock', async () => {
    const messages = await layerMessages(
      'src/features/books/app-import.fixture.test.ts',
      [
        "import { vi } from 'vitest'",
        "vi.mock('@/app/routes', () => ({}))",
        "export const load = () => import('@/features/gifts/GiftCreatedPage')",
        '',
      ].join('\n'),
    )
    expect(messages).toEqual([
      'src/features/books must not import src/app: imports go down only (app › features › domains › components › lib › config/i18n/types).',
      'src/features/books must not import src/features/gifts: a feature composes domains; move what both need into the domain it belongs to.',
    ])
  })

  it('fails a domain that imports a domain ranked at or above it', async () => {
    const upward = await layerMessages(
      'src/domains/book/api/upward.fixture.ts',
      "export { useAddMemory } from '@/domains/writing/api/add-memory'\n",
    )
    const sameRank = await layerMessages(
      'src/domains/writing/lib/same-rank.fixture.ts',
      "export * from '../../family-admins/api/book-admins'\n",
    )
    expect(upward).toHaveLength(1)
    expect(upward[0]).toContain(
      'src/domains/book must not import src/domains/writing: a domain imports only the domains below it',
    )
    expect(sameRank).toHaveLength(1)
  })

  it('keeps test support for tests', async () => {
    const messages = await layerMessages(
      'src/lib/uses-test-support.fixture.ts',
      "export * from '@/test/query-wrapper'\n",
    )
    const inTest = await layerMessages(
      'src/lib/uses-test-support.fixture.test.ts',
      "export * from '@/test/query-wrapper'\n",
    )
    expect(messages).toEqual(['src/test is test support: only tests import it (lib must not).'])
    expect(inTest).toEqual([])
  })

  it('lets each layer import itself and what lies below it', async () => {
    const fromFeature = await layerMessages(
      'src/features/dashboard/allowed.fixture.ts',
      [
        "export { useMyBooks } from '@/domains/book/api/my-books'",
        "export { useAddMemory } from '@/domains/writing/api/add-memory'",
        "export { Button } from '@/components/ui/Button'",
        "export { cn } from '@/lib/cn'",
        "export { t } from '@/i18n/he'",
        "export { env } from '@/config/env'",
        "export type { Database } from '@contracts/database.ts'",
        "export { default } from './DashboardPage'",
        "export * from '@/features/dashboard/lib/book-selection'",
        '',
      ].join('\n'),
    )
    const fromDomain = await layerMessages(
      'src/domains/memories/api/allowed.fixture.ts',
      [
        "export { bookKeys } from '@/domains/book/api/book-keys'",
        "export { useAuthSession } from '@/domains/accounts/session/useAuthSession'",
        "export * from '../lib/memory-model'",
        "export { cn } from '@/lib/cn'",
        '',
      ].join('\n'),
    )
    expect(fromFeature).toEqual([])
    expect(fromDomain).toEqual([])
  })
})

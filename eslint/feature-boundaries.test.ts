import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: repoRoot })

/** The boundary rule's messages for `code` written as the file at `filePath` (relative to the repo). */
async function boundaryMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
  return result!.messages.filter((message) => message.ruleId === 'boundaries/feature-boundaries')
}

// Loading ESLint with the TypeScript parser takes seconds on a busy machine.
describe('feature boundaries in eslint.config.js', { timeout: 60_000 }, () => {
  it('fails a feature that imports another feature, by alias or by relative path', async () => {
    const byAlias = await boundaryMessages(
      'src/features/dashboard/cross-feature.fixture.ts',
      "export { useMyGifts } from '@/features/gifts/api/gifts'\n",
    )
    const byRelativePath = await boundaryMessages(
      'src/features/dashboard/components/cross-feature.fixture.ts',
      "import { BookView } from '../../memories/components/view-book/BookView'\nexport const view = BookView\n",
    )
    expect(byAlias).toHaveLength(1)
    expect(byAlias[0]!.message).toContain('src/features/dashboard must not import src/features/gifts')
    expect(byRelativePath).toHaveLength(1)
    expect(byRelativePath[0]!.message).toContain('src/features/dashboard must not import src/features/memories')
  })

  it('fails a feature that imports src/app, also lazily or in a mock', async () => {
    const messages = await boundaryMessages(
      'src/features/books/app-import.fixture.test.ts',
      [
        "import { vi } from 'vitest'",
        "vi.mock('@/app/routes', () => ({}))",
        "export const load = () => import('@/app/router')",
        '',
      ].join('\n'),
    )
    expect(messages.map((message) => message.message)).toEqual([
      'src/features/books must not import src/app: move what it needs to src/components or src/lib.',
      'src/features/books must not import src/app: move what it needs to src/components or src/lib.',
    ])
  })

  it('fails a shared layer that imports a feature', async () => {
    const messages = await boundaryMessages(
      'src/entities/book/upward.fixture.ts',
      "export { default } from '@/features/books/EditBookPage'\n",
    )
    expect(messages).toHaveLength(1)
  })

  it('lets a feature import its own files and the shared layers', async () => {
    const messages = await boundaryMessages(
      'src/features/dashboard/allowed.fixture.ts',
      [
        "export { useMyBooks } from '@/entities/book/api/my-books'",
        "export { Button } from '@/components/ui/Button'",
        "export { cn } from '@/lib/cn'",
        "export { t } from '@/i18n/he'",
        "export { env } from '@/config/env'",
        "export type { Database } from '@/types/database'",
        "export { default } from './DashboardPage'",
        "export * from '@/features/dashboard/lib/book-selection'",
        '',
      ].join('\n'),
    )
    expect(messages).toEqual([])
  })
})

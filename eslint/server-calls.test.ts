import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: repoRoot })

async function restrictedSyntaxMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

// Loading ESLint with the TypeScript parser takes seconds on a busy machine.
describe('one style for forms that call the server, in eslint.config.js', { timeout: 60_000 }, () => {
  it("fails a form that shows react-hook-form's isSubmitting", async () => {
    const messages = await restrictedSyntaxMessages(
      'src/features/books/components/submitting.fixture.tsx',
      [
        "import { useForm } from 'react-hook-form'",
        'export function Form() {',
        '  const { isSubmitting } = useForm().formState',
        '  return <button disabled={isSubmitting} />',
        '}',
        '',
      ].join('\n'),
    )
    expect(messages.length).toBeGreaterThan(0)
    expect(messages.every((message) => message.includes('useMutation'))).toBe(true)
  })

  it('fails a component that calls the server itself, and lets an api/ file do it', async () => {
    const call = [
      "import { invokeEdgeFunction } from '@/lib/edge-functions'",
      "export const send = () => invokeEdgeFunction('support-chat', {})",
      '',
    ].join('\n')
    const inComponent = await restrictedSyntaxMessages('src/features/support-chat/Send.fixture.tsx', call)
    const inApiFile = await restrictedSyntaxMessages('src/features/support-chat/api/send.fixture.ts', call)
    expect(inComponent).toEqual([expect.stringContaining('api/ file')])
    expect(inApiFile).toEqual([])
  })
})

describe('one way to write a query, in eslint.config.js', { timeout: 60_000 }, () => {
  const query = (options: string) =>
    [
      "import { useQuery } from '@tanstack/react-query'",
      "import { giftKeys } from '@/domains/gift/api/gift-keys'",
      'declare function fetchGifts(userId: string, signal?: AbortSignal): Promise<string[]>',
      `export const useGifts = (userId: string) => useQuery({ ${options} })`,
      '',
    ].join('\n')
  const lint = (options: string) => restrictedSyntaxMessages('src/domains/gift/api/gifts.fixture.ts', query(options))

  it('fails a query key written inline, and takes one from the domain’s factory', async () => {
    const inline = await lint("queryKey: ['my-gifts', userId], queryFn: ({ signal }) => fetchGifts(userId, signal)")
    const fromFactory = await lint(
      'queryKey: giftKeys.mineOf(userId), queryFn: ({ signal }) => fetchGifts(userId, signal)',
    )
    expect(inline).toEqual([expect.stringContaining('key factory')])
    expect(fromFactory).toEqual([])
  })

  it('fails a query whose function takes no signal, and lets one that passes it on', async () => {
    const key = 'queryKey: giftKeys.mineOf(userId)'
    expect(await lint(`${key}, queryFn: () => fetchGifts(userId)`)).toEqual([expect.stringContaining('signal')])
    expect(await lint(`${key}, queryFn: fetchGifts`)).toEqual([expect.stringContaining('signal')])
    expect(await lint(`${key}, queryFn: ({ signal }) => fetchGifts(userId, signal)`)).toEqual([])
  })
})

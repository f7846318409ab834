/**
 * delete-memory: the owner of the book or a platform admin deletes a memory (moderation), and its
 * photos stop being reachable at once: no link answers, no byte stays on the storage's disk, nothing
 * waits in the removal queue. Anyone else is refused and nothing is deleted.
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  anonClient,
  confirmAdmin,
  createBook,
  signedInUser,
  serviceDownload,
  sql,
  storedFilesUnder,
} from '../../../supabase/local/testing/index.ts'
import { invoke } from './support.ts'

async function memoryPhotos(memory: string): Promise<string[]> {
  const [row] = await sql<{ image_urls: string[] }>(
    `select "image_urls" from "public"."memory_entries" where "id" = $1`,
    [memory],
  )
  return row?.image_urls ?? []
}

async function queued(prefix: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as "n" from "private"."storage_removals" where "object_name" like $1 || '%'`,
    [prefix],
  )
  return row!.n
}

describe('delete-memory', () => {
  it.each(['owner', 'platform admin'] as const)('lets the %s delete a memory with its photos at once', async (who) => {
    const owner = await signedInUser({ label: 'memory-deleting-owner' })
    const book = await createBook({ ownerEmail: owner.email })
    const memory = await addMemory(book, { photos: 2 })
    const kept = await addMemory(book, { photos: 1 }, 2)
    const links = await memoryPhotos(memory)
    for (const link of links) expect((await serviceDownload(link)).status).toBe(200)
    const client =
      who === 'owner' ? owner.client : (await signedInUser({ label: 'moderator', platformAdmin: true })).client

    const result = await invoke<{ deleted: boolean; files_removed: number }>(client, 'delete-memory', {
      memory_id: memory,
    })
    expect(result).toMatchObject({ status: 200, data: { deleted: true, files_removed: 2 } })
    for (const link of links) expect((await serviceDownload(link)).status).not.toBe(200)
    expect(await queued(`memories/${book.id}/`)).toBe(0)
    expect(storedFilesUnder(`memories/${book.id}`)).toHaveLength(1)
    expect(await memoryPhotos(kept)).toHaveLength(1)
  })

  it.each([
    ['a family admin', 404],
    ['another user', 404],
    ['a logged-out visitor', 401],
  ] as const)('refuses %s with %i and deletes nothing', async (who, status) => {
    const owner = await signedInUser({ label: 'memory-kept-owner' })
    const book = await createBook({ ownerEmail: owner.email })
    const memory = await addMemory(book, { photos: 1 })
    const familyAdmin = await signedInUser({ label: 'memory-kept-family-admin' })
    await confirmAdmin(book.id, familyAdmin.id)
    const client =
      who === 'a family admin'
        ? familyAdmin.client
        : who === 'another user'
          ? (await signedInUser({ label: 'memory-kept-stranger' })).client
          : anonClient()
    expect((await invoke(client, 'delete-memory', { memory_id: memory })).status).toBe(status)
    expect(await memoryPhotos(memory)).toHaveLength(1)
    expect(storedFilesUnder(`memories/${book.id}`)).toHaveLength(1)
  })

  it('answers a bad body with a Hebrew message', async () => {
    const owner = await signedInUser({ label: 'memory-bad-body' })
    expect(await invoke(owner.client, 'delete-memory', { memory_id: 'not-a-memory' })).toMatchObject({
      status: 400,
      error: { error: 'הזיכרון לא נמצא' },
    })
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FileStore } from './file-store.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'))
const store = new FileStore(dataDir)

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('FileStore', () => {
  it('keeps each version of an object as its own file, so `a` and `a/b` coexist', async () => {
    await store.write({ bucket: 'b', key: 'a', version: 'v1' }, Buffer.from('parent'))
    await store.write({ bucket: 'b', key: 'a/b', version: 'v1' }, Buffer.from('child'))
    expect((await store.read({ bucket: 'b', key: 'a', version: 'v1' }))?.toString()).toBe('parent')
    expect((await store.read({ bucket: 'b', key: 'a/b', version: 'v1' }))?.toString()).toBe('child')
    expect(await store.read({ bucket: 'b', key: 'a', version: 'v2' })).toBeUndefined()
  })

  it('removes files and their emptied folders, keeping the bucket folder', async () => {
    await store.write({ bucket: 'c', key: 'x/y/z.txt', version: 'v1' }, Buffer.from('z'))
    await store.remove({ bucket: 'c', key: 'x/y/z.txt', version: 'v1' })
    expect(fs.existsSync(path.join(store.root, 'c', 'x'))).toBe(false)
    expect(fs.existsSync(path.join(store.root, 'c'))).toBe(true)
  })

  it('moves and copies files, tolerating rows that never had one', async () => {
    await store.write({ bucket: 'd', key: 'from.txt', version: 'v1' }, Buffer.from('m'))
    await store.move({ bucket: 'd', key: 'from.txt', version: 'v1' }, { bucket: 'e', key: 'to.txt', version: 'v1' })
    expect((await store.read({ bucket: 'e', key: 'to.txt', version: 'v1' }))?.toString()).toBe('m')
    await store.copy({ bucket: 'e', key: 'to.txt', version: 'v1' }, { bucket: 'e', key: 'copy.txt', version: 'v2' })
    expect((await store.read({ bucket: 'e', key: 'copy.txt', version: 'v2' }))?.toString()).toBe('m')
    await expect(
      store.move({ bucket: 'e', key: 'ghost', version: 'v' }, { bucket: 'e', key: 'g2', version: 'v' }),
    ).resolves.toBeUndefined()
  })

  it('refuses paths that would leave the storage folder', async () => {
    await expect(store.write({ bucket: '..', key: 'escape', version: 'v1' }, Buffer.from('x'))).rejects.toThrow(
      /escapes/,
    )
    await expect(store.write({ bucket: 'b', key: '../../escape', version: 'v1' }, Buffer.from('x'))).rejects.toThrow(
      /escapes/,
    )
  })
})

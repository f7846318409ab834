// @vitest-environment node
// The runtime's own Blob and ReadableStream, as in the browser (jsdom has another Blob).
import { afterEach, expect, it, vi } from 'vitest'
import { downloadBlob } from '@/lib/download'
import { chooseZipTarget } from './save-zip'

vi.mock('@/lib/download', () => ({ downloadBlob: vi.fn() }))

afterEach(() => vi.unstubAllGlobals())

/** A stream of `count` chunks of `size` bytes, chunk n filled with the byte n. */
function chunks(count: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent === count) return controller.close()
      controller.enqueue(new Uint8Array(size).fill(sent))
      sent += 1
    },
  })
}

it('where the browser cannot write to a chosen file, the ZIP is downloaded whole, in order, as application/zip', async () => {
  vi.stubGlobal('window', {})
  const target = await chooseZipTarget('book.zip')
  // 5 MB chunks: the parts the tab hands over (8 MB) fall in the middle of chunks.
  await target!.write(chunks(5, 5 * 1024 * 1024), new AbortController().signal)
  const [name, blob] = vi.mocked(downloadBlob).mock.calls[0]!
  expect(name).toBe('book.zip')
  expect(blob.type).toBe('application/zip')
  const bytes = new Uint8Array(await blob.arrayBuffer())
  expect(bytes.byteLength).toBe(25 * 1024 * 1024)
  for (let chunk = 0; chunk < 5; chunk += 1) {
    expect(bytes[chunk * 5 * 1024 * 1024]).toBe(chunk)
    expect(bytes[(chunk + 1) * 5 * 1024 * 1024 - 1]).toBe(chunk)
  }
})

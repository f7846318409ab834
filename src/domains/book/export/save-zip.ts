import { downloadBlob } from '@/lib/download'

/** Where the ZIP goes: a file the person chose (written as it streams) or a download at the end. */
export interface ZipTarget {
  write(stream: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<void>
}

interface SaveFilePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName: string
    types: { description: string; accept: Record<string, string[]> }[]
  }) => Promise<{ createWritable(): Promise<WritableStream<Uint8Array>> }>
}

/** How much of the ZIP the tab holds before handing it to the browser as one part of the Blob. */
const PART_BYTES = 8 * 1024 * 1024

/**
 * The ZIP gathered as a Blob made of parts of PART_BYTES, each handed to the browser as it is
 * filled, so the tab holds one part at a time: the browser keeps a Blob's bytes itself (WebKit's
 * network process, Chromium's blob storage that moves large ones to disk, Firefox's temporary file).
 * Read whole, as `new Response(stream).blob()` does, the ZIP sat in WebKit's page several times over.
 */
async function gatherInParts(stream: ReadableStream<Uint8Array>): Promise<Blob> {
  const reader = stream.getReader()
  const parts: Blob[] = []
  let pending: Uint8Array<ArrayBuffer>[] = []
  let pendingBytes = 0
  const handOver = () => {
    parts.push(new Blob(pending))
    pending = []
    pendingBytes = 0
  }
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    // A copy of the chunk in a buffer of its own: a Blob takes no view of a shared buffer.
    pending.push(read.value.slice())
    pendingBytes += read.value.byteLength
    if (pendingBytes >= PART_BYTES) handOver()
  }
  handOver()
  return new Blob(parts, { type: 'application/zip' })
}

function isPickerDismissed(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * Desktop Chrome and Edge ask where to save, then the ZIP is written to that file as it is made,
 * so even a book of several gigabytes never sits in memory. Elsewhere (phones, Firefox, Safari)
 * the ZIP is gathered by the browser part by part (gatherInParts) and downloaded at the end.
 * Must be called straight from the tap (the save dialog needs it). null when the dialog is closed.
 */
export async function chooseZipTarget(fileName: string): Promise<ZipTarget | null> {
  const picker = (window as SaveFilePickerWindow).showSaveFilePicker
  if (!picker) {
    return {
      write: async (stream) => downloadBlob(fileName, await gatherInParts(stream)),
    }
  }
  try {
    const handle = await picker.call(window, {
      suggestedName: fileName,
      types: [{ description: 'ZIP', accept: { 'application/zip': ['.zip'] } }],
    })
    const writable = await handle.createWritable()
    return { write: (stream, signal) => stream.pipeTo(writable, { signal }) }
  } catch (error) {
    if (isPickerDismissed(error)) return null
    throw error
  }
}

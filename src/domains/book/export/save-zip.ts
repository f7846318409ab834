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

function isPickerDismissed(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * Desktop Chrome and Edge ask where to save, then the ZIP is written to that file as it is made,
 * so even a book of several gigabytes never sits in memory. Elsewhere (phones, Firefox, Safari)
 * the ZIP is gathered by the browser, which keeps large files on disk, and downloaded at the end.
 * Must be called straight from the tap (the save dialog needs it). null when the dialog is closed.
 */
export async function chooseZipTarget(fileName: string): Promise<ZipTarget | null> {
  const picker = (window as SaveFilePickerWindow).showSaveFilePicker
  if (!picker) {
    return {
      write: async (stream) => downloadBlob(fileName, await new Response(stream).blob()),
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

import { makeZip } from 'client-zip'
import {
  exportJson,
  exportPageHtml,
  failedFilesText,
  FAILED_LIST,
  HTML_PAGE,
  JSON_FILE,
  planExport,
  type BookExportData,
  type ExportFile,
} from './export-model'

export interface ExportProgress {
  done: number
  total: number
  bytes: number
  failed: string[]
}

export interface ExportRun {
  /** The ZIP's paths of the files that could not be downloaded, also listed inside the ZIP. */
  failed: string[]
  bytes: number
}

/** A file is tried this many times before it is listed as failed, with a longer pause each time. */
const ATTEMPTS = 3
const RETRY_PAUSE_MS = 800

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })
}

/**
 * One original file, whole, or null after every attempt failed. The bytes are read to the end
 * before they go into the ZIP, so a download that breaks half-way is tried again instead of
 * spoiling the archive; only one file is held at a time.
 */
async function downloadOriginal(file: ExportFile, signal: AbortSignal, pauseMs: number): Promise<Blob | null> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const response = await fetch(file.url, { signal, cache: 'no-store' })
      if (response.ok) return await response.blob()
      if (response.status === 404) return null
    } catch (error) {
      if (signal.aborted) throw error
    }
    if (attempt < ATTEMPTS) await pause(pauseMs * attempt, signal)
  }
  return null
}

/**
 * The book as a ZIP stream, written while it is read: each original photo and video (downloaded
 * one at a time), then the offline page, the JSON and, if some file failed, their list. Nothing
 * but the current file is held in memory. Aborting the signal stops the downloads and the stream.
 */
export function bookZipStream(
  data: BookExportData,
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void,
  { exportedAt = new Date(), retryPauseMs = RETRY_PAUSE_MS }: { exportedAt?: Date; retryPauseMs?: number } = {},
): { stream: ReadableStream<Uint8Array>; finished: () => ExportRun } {
  const plan = planExport(data)
  const failed = new Set<string>()
  let bytes = 0
  const report = (done: number) => onProgress({ done, total: plan.files.length, bytes, failed: [...failed] })
  async function* entries() {
    report(0)
    for (const [index, file] of plan.files.entries()) {
      const blob = await downloadOriginal(file, signal, retryPauseMs)
      if (blob) {
        bytes += blob.size
        yield { name: file.path, input: blob, lastModified: exportedAt }
      } else failed.add(file.path)
      report(index + 1)
    }
    yield { name: HTML_PAGE, input: exportPageHtml(data, plan, failed, exportedAt), lastModified: exportedAt }
    yield { name: JSON_FILE, input: exportJson(data, plan, failed, exportedAt), lastModified: exportedAt }
    if (failed.size > 0) yield { name: FAILED_LIST, input: failedFilesText(plan, failed), lastModified: exportedAt }
  }
  return { stream: makeZip(entries(), { buffersAreUTF8: true }), finished: () => ({ failed: [...failed], bytes }) }
}

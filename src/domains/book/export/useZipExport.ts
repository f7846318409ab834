import { useRef, useState } from 'react'
import { tBookExport as t } from '@/domains/book/strings/book-export'
import type { BookExportData } from './export-model'
import { chooseZipTarget, type ZipTarget } from './save-zip'
import { bookZipStream, type ExportProgress } from './zip-export'

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ExportProgress | null }
  | { phase: 'done'; failed: string[] }
  | { phase: 'cancelled' }
  | { phase: 'error' }

/** Runs one export at a time: the save target (from the tap), the ZIP stream, progress and cancel. */
export function useZipExport(data: BookExportData) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' })
  const controller = useRef<AbortController | null>(null)

  const start = async () => {
    let target: ZipTarget | null
    try {
      target = await chooseZipTarget(t('screen.fileName', { shortCode: data.book.short_code }))
    } catch {
      setState({ phase: 'error' })
      return
    }
    if (!target) return
    const abort = new AbortController()
    controller.current = abort
    setState({ phase: 'running', progress: null })
    const zip = bookZipStream(data, abort.signal, (progress) => setState({ phase: 'running', progress }))
    try {
      await target.write(zip.stream, abort.signal)
      setState({ phase: 'done', failed: zip.finished().failed })
    } catch (error) {
      if (!abort.signal.aborted) console.error('book export failed', error)
      setState(abort.signal.aborted ? { phase: 'cancelled' } : { phase: 'error' })
    } finally {
      controller.current = null
    }
  }

  const cancel = () => controller.current?.abort()
  return { state, start, cancel }
}

/** Offers a file the tab made (an album, a video, an export) as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** An iPhone or iPad (iPadOS names itself a Mac, one with a touch screen). */
function isAppleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  )
}

/**
 * Offers a calendar file. An iPhone saves a downloaded file into Files, where nobody finds it;
 * opened as a text/calendar page instead, Safari hands it to the Calendar app ("Add all"). Every
 * other device downloads it, and its calendar opens the file.
 */
export function openCalendarFile(fileName: string, ics: string): void {
  if (isAppleMobile()) {
    window.location.assign(`data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`)
    return
  }
  downloadBlob(fileName, new Blob([ics], { type: 'text/calendar;charset=utf-8' }))
}

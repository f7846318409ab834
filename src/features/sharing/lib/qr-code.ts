import QRCode from 'qrcode'

/** The QR of the add-memory link: 300 px, margin 2, deep purple on white. */
export const qrOptions = {
  width: 300,
  margin: 2,
  color: { dark: '#4B2E83', light: '#FFFFFF' },
  errorCorrectionLevel: 'M',
} as const

/** The QR as a PNG data URL, drawn in the browser (no external service ever sees the link). */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { ...qrOptions, type: 'image/png' })
}

/** The download's file name: qr-{name}.png, without characters file systems refuse. */
export function qrFileName(fullName: string, fallback: string): string {
  const name = Array.from(fullName)
    .filter((char) => char.charCodeAt(0) >= 0x20 && !'\\/:*?"<>|'.includes(char))
    .join('')
    .trim()
    .replace(/\s+/g, '-')
  return `qr-${name || fallback}.png`
}

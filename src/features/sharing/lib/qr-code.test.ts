import { describe, expect, it } from 'vitest'
import { qrDataUrl, qrFileName, qrOptions } from './qr-code'

describe('qrFileName', () => {
  it('names the file after the deceased', () => {
    expect(qrFileName('רחל אברהמי', 'RACHEL23')).toBe('qr-רחל-אברהמי.png')
    expect(qrFileName('משה "מוישה" לוי/כהן', 'X')).toBe('qr-משה-מוישה-לויכהן.png')
    expect(qrFileName('  ', 'RACHEL23')).toBe('qr-RACHEL23.png')
  })
})

describe('qrOptions', () => {
  it('draws 300 px wide, margin 2, purple on white', () => {
    expect(qrOptions).toMatchObject({ width: 300, margin: 2, color: { dark: '#4B2E83', light: '#FFFFFF' } })
  })

  it('produces a 300×300 PNG data URL', async () => {
    const url = await qrDataUrl('https://zochrim.co.il/add-memory/RACHEL23')
    expect(url.startsWith('data:image/png;base64,')).toBe(true)
    const png = Uint8Array.from(atob(url.split(',')[1]!), (char) => char.charCodeAt(0))
    const header = new DataView(png.buffer, 16, 8)
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([300, 300])
  })
})

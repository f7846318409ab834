import { describe, expect, it } from 'vitest'
import {
  addMemoryPath,
  addMemoryUrl,
  mailtoUrl,
  qrDisplayPath,
  shareUrl,
  viewBookPath,
  whatsappShareUrl,
} from './book-links'

describe('book links', () => {
  it('builds the share, add-memory, view and QR links from the short id', () => {
    expect(shareUrl('RACHEL23')).toBe(`${window.location.origin}/share/RACHEL23`)
    expect(shareUrl('RACHEL23', { family: true })).toBe(`${window.location.origin}/share/RACHEL23?family=true`)
    expect(addMemoryPath('RACHEL23')).toBe('/add-memory/RACHEL23')
    expect(addMemoryPath('RACHEL23', { family: true })).toBe('/add-memory/RACHEL23?family=true')
    expect(addMemoryPath('RACHEL23', { authorized: true })).toBe('/add-memory/RACHEL23?family=true&authorized=true')
    expect(addMemoryUrl('RACHEL23')).toBe(`${window.location.origin}/add-memory/RACHEL23`)
    expect(viewBookPath('RACHEL23', { code: '2580' })).toBe('/view-book/RACHEL23?code=2580')
    expect(viewBookPath('RACHEL23', { code: '2580', key: 'k_Y-1' })).toBe('/view-book/RACHEL23?code=2580&key=k_Y-1')
    expect(viewBookPath('RACHEL23')).toBe('/view-book/RACHEL23')
    expect(qrDisplayPath('RACHEL23')).toBe('/qr-display?book=RACHEL23')
  })

  it('encodes Hebrew text for WhatsApp and e-mail', () => {
    expect(whatsappShareUrl('שלום & ברכה')).toBe(`https://wa.me/?text=${encodeURIComponent('שלום & ברכה')}`)
    expect(mailtoUrl('נושא', 'גוף\nשני')).toBe(
      `mailto:?subject=${encodeURIComponent('נושא')}&body=${encodeURIComponent('גוף\nשני')}`,
    )
  })
})

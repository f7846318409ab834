// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { renderToBuffer } from '@react-pdf/renderer'
import { describe, expect, it } from 'vitest'
import { memoryRow } from '../../memories/lib/memory-fixtures.test-utils'
import { toMemory } from '../../memories/lib/memory-model'
import { AlbumDocument } from './AlbumDocument'
import { registerAlbumFonts } from './album-fonts'
import { buildAlbum } from './album-model'
import type { PreparedPhoto } from './photo-size'

/*
 * The album of a book whose memories mix Hebrew with numbers, dates, a Latin word, parentheses,
 * the shekel sign and nikud, rendered by the real PDF writer and read back with poppler-utils
 * (pdftotext, pdffonts, pdftoppm). The page images are compared with references stored beside
 * this test; ALBUM_REFERENCES=update writes them anew (look at them before committing).
 */

const root = join(import.meta.dirname, '../../../..')
const fonts = join(root, 'src/assets/fonts/album')
const references = join(import.meta.dirname, '__references__')
const photoUrl = 'https://example.test/olive-grove.jpg'

registerAlbumFonts({
  heading: join(fonts, 'frank-ruhl-libre-700.ttf'),
  text: join(fonts, 'heebo-400.ttf'),
  textBold: join(fonts, 'heebo-700.ttf'),
})

const memoryTexts = {
  birth: 'סבתא נולדה ב-12.3.1941 בתל אביב (ליד הים) וקנתה לחם ב-5 ₪ בלבד.',
  song: 'היא אהבה את השיר Yesterday של הביטלס ושרה אותו 100 פעמים [בערך].',
  blessing: 'בְּרֵאשִׁית בָּרָא אֱלֹהִים, כך קראה לנו בליל שבת; מילים סופיות: ךםןףץ.',
}

function mixedBook() {
  const card = {
    full_name: 'רחל כהן',
    birth_date: '1941-03-12',
    death_date: '2026-01-10',
    died_after_sunset: false,
    memory_quote: 'זִכְרוֹנָהּ יִהְיֶה לִבְרָכָה (תמיד)',
    profile_image_url: '',
    deceased_gender: 'female',
  }
  const memories = [
    memoryRow({
      id: 'm1',
      full_name: 'דוד לוי',
      relation_to_deceased: 'נכד',
      memory_text_1: memoryTexts.birth,
      memory_text_2: memoryTexts.song,
      created_at: '2026-01-12T10:00:00Z',
      image_urls: [photoUrl],
      image_captions: ['המטע ליד הבית (1975)'],
    }),
    memoryRow({
      id: 'm2',
      full_name: 'מרים אברהם',
      // As earlier versions stored it: the album prints it as a word.
      relation_to_deceased: 'שכן/ה',
      memory_text_1: null,
      memory_text_3: memoryTexts.blessing,
      created_at: '2026-01-13T10:00:00Z',
    }),
  ].map(toMemory)
  return buildAlbum(card, memories, '2026-02-01')
}

/** Words as a reader meets them: letters and digits only (marks, punctuation and direction controls dropped). */
function words(text: string): string[] {
  return text
    .normalize('NFC')
    .replace(/[\u0591-\u05C7]/g, '')
    .split(/[^\p{L}\p{N}.]+/u)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word !== '')
}

function appearsInOrder(haystack: string[], needle: string[]): boolean {
  let at = 0
  for (const word of haystack) if (word === needle[at]) at += 1
  return at === needle.length
}

describe('the PDF album', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'album-'))
  const file = join(folder, 'album.pdf')
  const photo: PreparedPhoto = {
    data: new Blob([readFileSync(join(root, 'supabase/seed-assets/olive-grove.jpg'))], { type: 'image/jpeg' }),
    width: 800,
    height: 600,
  }
  writeFileSync(file, await renderToBuffer(<AlbumDocument album={mixedBook()} photos={new Map([[photoUrl, photo]])} />))

  it('prints every memory word in reading order, numbers, dates and the Latin word whole', () => {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    const printed = words(text)
    for (const memory of Object.values(memoryTexts)) expect(appearsInOrder(printed, words(memory))).toBe(true)
    expect(printed).toEqual(expect.arrayContaining(['12.3.1941', 'Yesterday', '100', 'ךםןףץ']))
    expect(text).toContain('₪')
    expect(text.normalize('NFC')).toContain('בְּרֵאשִׁית'.normalize('NFC'))
  })

  it('has the cover, the mourning dates, the memories and the index of writers, with page numbers', () => {
    const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).split('\f')
    expect(pages[0]).toContain('רחל כהן ז״ל')
    // A woman's book speaks of her: no slash forms anywhere (the cover's dates, the relations).
    expect(pages[0]).toContain('נולדה')
    expect(pages[0]).toContain('נפטרה')
    expect(pages.join('\n')).not.toMatch(/[\u05D0-\u05EA]\/[\u05D0-\u05EA]/)
    expect(pages.join('\n')).toContain('מהשכנים')
    expect(pages[1]).toContain('ימי הזיכרון')
    expect(pages[1]).toContain('השלושים')
    expect(pages[2]).toContain('זכרון ראשון')
    expect(pages.at(-2)).toContain('מי כתבו')
    expect(words(pages.at(-2)!)).toEqual(expect.arrayContaining(['דוד', 'לוי', 'מרים', 'אברהם']))
    expect(words(pages[1]!)).toContain('2')
  })

  it('embeds every font it uses', () => {
    const rows = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2)
    expect(rows.length).toBeGreaterThanOrEqual(2)
    for (const row of rows) expect(row).toMatch(/ yes yes yes /)
  })

  it('looks like the stored page images', () => {
    execFileSync('pdftoppm', ['-r', '60', '-gray', file, join(folder, 'page')])
    const images = readdirSync(folder)
      .filter((name) => name.startsWith('page'))
      .sort()
    expect(images.length).toBe(5)
    for (const image of images) {
      const reference = join(references, `${image}.gz`)
      const actual = readFileSync(join(folder, image))
      if (process.env.ALBUM_REFERENCES === 'update') writeFileSync(reference, gzipSync(actual, { level: 9 }))
      expect(existsSync(reference), reference).toBe(true)
      expect(pixelDifference(actual, gunzipSync(readFileSync(reference))), image).toBeLessThan(0.01)
    }
  })
})

/** The share of pixels of two greyscale PGM images that differ by more than a faint shade. */
function pixelDifference(a: Buffer, b: Buffer): number {
  const pixels = (image: Buffer) => {
    const header = image.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)!
    return { width: Number(header[1]), height: Number(header[2]), data: image.subarray(header[0].length) }
  }
  const first = pixels(a)
  const second = pixels(b)
  if (first.width !== second.width || first.height !== second.height) return 1
  let differing = 0
  for (let index = 0; index < first.data.length; index += 1) {
    if (Math.abs(first.data[index]! - second.data[index]!) > 24) differing += 1
  }
  return differing / first.data.length
}

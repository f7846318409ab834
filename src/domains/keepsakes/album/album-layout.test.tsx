// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderToBuffer } from '@react-pdf/renderer'
import { describe, expect, it } from 'vitest'
import { keepsakesStrings } from '@/domains/keepsakes/strings/keepsakes'
import { memoriesStrings } from '@/domains/memories/strings/memories'
import { memoryRow } from '../../memories/lib/memory-fixtures.test-utils'
import { toMemory } from '../../memories/lib/memory-model'
import { AlbumDocument } from './AlbumDocument'
import { registerAlbumFonts } from './album-fonts'
import { buildAlbum } from './album-model'
import type { PreparedPhoto } from './photo-size'

/*
 * The album of a book whose memories have one to four photos and texts of a few lines to more
 * than a page, read back page by page with pdftotext: each photo stays with its memory (its
 * caption on a page that names the writer), no page ends with a heading, and the index's page
 * numbers are the pages the writers' memories start on.
 */

const root = join(import.meta.dirname, '../../../..')
const fonts = join(root, 'src/assets/fonts/album')
registerAlbumFonts({
  heading: join(fonts, 'frank-ruhl-libre-700.ttf'),
  text: join(fonts, 'heebo-400.ttf'),
  textBold: join(fonts, 'heebo-700.ttf'),
})

const writers = ['מיכל ברק', 'דני אלון', 'שרה לוינסון', 'יוסי כרמי', 'נועה שחר', 'אבי גולן', 'רותי נבון']
const sentence = 'בכל פעם שהתקשרתי היא שאלה קודם כול מה שלום הילדים, ורק אחר כך סיפרה על עצמה ועל הגינה. '
const moments = ['בוקר של חלות', 'הטיול לגליל', 'ליל הסדר', 'חתונה בחיפה']
const trees = [
  'אלון',
  'ברוש',
  'גפן',
  'דקל',
  'הדס',
  'ורד',
  'זית',
  'חצב',
  'טופח',
  'יסמין',
  'כלנית',
  'לוטם',
  'מורן',
  'נרקיס',
]
/** A caption of its own for each photo, in words only (pdftotext reorders digits in a Hebrew line). */
const caption = (memory: number, photo: number) => `${moments[photo - 1]} ליד ה${trees[memory - 1]}`

function bigBook() {
  const photos = new Map<string, PreparedPhoto>()
  const data = new Blob([readFileSync(join(root, 'supabase/seed-assets/olive-grove.jpg'))], { type: 'image/jpeg' })
  const rows = Array.from({ length: 14 }, (_, index) => {
    const number = index + 1
    const urls = Array.from(
      { length: (index % 4) + 1 },
      (_, photo) => `https://example.test/${number}-${photo + 1}.jpg`,
    )
    urls.forEach((url, photo) =>
      photos.set(url, { data, width: photo % 2 === 0 ? 800 : 600, height: photo % 2 === 0 ? 600 : 800 }),
    )
    return memoryRow({
      id: `memory-${number}`,
      full_name: writers[index % writers.length],
      memory_text_1: sentence.repeat(((index * 5) % 11) + 1),
      memory_text_2: index % 3 === 0 ? sentence.repeat(index % 6) || null : null,
      memory_text_3: index % 4 === 1 ? 'תודה על הכול.' : null,
      created_at: new Date(Date.UTC(2026, 0, 11, 8, index)).toISOString(),
      image_urls: urls,
      image_captions: urls.map((_, photo) => caption(number, photo + 1)),
    })
  })
  const card = {
    full_name: 'רחל כהן',
    birth_date: '1941-03-12',
    death_date: '2026-01-10',
    died_after_sunset: false,
    memory_quote: '',
    profile_image_url: '',
    deceased_gender: '',
  }
  return { album: buildAlbum(card, rows.map(toMemory), '2026-02-01'), photos }
}

/** The text of each page as lines, direction marks dropped, the page number (last line) left out. */
function pagesOf(file: string): string[][] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  return text
    .split('\f')
    .slice(0, -1)
    .map((page) =>
      page
        .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .slice(0, -1),
    )
}

/**
 * Whether a line read back is `expected`: pdftotext moves the digits and the punctuation of a
 * Hebrew line about, so the letters are compared in order and the numbers as a set.
 */
function sameLine(expected: string) {
  const key = (line: string) => `${line.replace(/[^\p{L}]/gu, '')}|${(line.match(/\d+/g) ?? []).toSorted().join(',')}`
  return (line: string) => key(line) === key(expected)
}

describe('the album of a book with many photos and long texts', async () => {
  const { album, photos } = bigBook()
  const file = join(mkdtempSync(join(tmpdir(), 'album-layout-')), 'album.pdf')
  writeFileSync(file, await renderToBuffer(<AlbumDocument album={album} photos={photos} />))
  const pages = pagesOf(file)
  const { continued, memoryNumber } = keepsakesStrings.album
  /** The pages (1-based) that name a memory's writer: its heading's page and pages continuing it. */
  const namingPages = (number: number, author: string) =>
    pages.flatMap((lines, index) => {
      const numberLine = sameLine(memoryNumber.replace('{n}', `${number}`))
      const heading = lines.some((line, at) => numberLine(line) && lines[at + 1] === author)
      const continues = sameLine(continued.replace('{n}', `${number}`).replace('{author}', author))(lines[0]!)
      return heading || continues ? [index + 1] : []
    })

  it('keeps each photo on a page that names its writer', () => {
    expect(album.memories.flatMap((memory) => memory.photos)).toHaveLength(33)
    for (const memory of album.memories) {
      const naming = namingPages(memory.number, memory.author)
      expect(naming.length, `memory ${memory.number}`).toBeGreaterThan(0)
      memory.photos.forEach((photo) => {
        const page = pages.findIndex((lines) => lines.join(' ').includes(photo.caption)) + 1
        expect(page, photo.caption).toBeGreaterThan(0)
        expect(naming, `${photo.caption} on page ${page}`).toContain(page)
      })
    }
  })

  it('ends no page with a heading', () => {
    const headings = new Set([
      ...Object.values(memoriesStrings.prompts).filter((value) => typeof value === 'string'),
      ...album.memories.flatMap((memory) => [
        memory.author,
        memory.byline,
        memoryNumber.replace('{n}', `${memory.number}`),
      ]),
    ])
    const memoryPages = pages.filter((lines) => lines.some((line) => headings.has(line)))
    expect(memoryPages.length).toBeGreaterThan(8)
    for (const [index, lines] of pages.entries()) {
      expect(headings.has(lines.at(-1)!), `page ${index + 1} ends with "${lines.at(-1)}"`).toBe(false)
    }
  })

  it('indexes each writer by the pages their memories start on', () => {
    const index = pages.at(-1)!
    expect(index[0]).toBe(keepsakesStrings.album.indexTitle)
    for (const writer of album.writers) {
      const at = index.indexOf(writer.name)
      const pagesLine = index[at + 1]!
      // A list of numbers in a right-to-left line reads back in either order: the set is what counts.
      const printed = /^עמוד(?:ים)? ([\d, ]+)$/.exec(pagesLine)
      expect(printed, `${writer.name}: ${pagesLine}`).not.toBeNull()
      const numbers = printed![1]!.split(/[, ]+/).map(Number)
      const expected = writer.memoryIds.map((id) => {
        const memory = album.memories.find((entry) => entry.id === id)!
        return namingPages(memory.number, memory.author)[0]
      })
      expect(
        numbers.toSorted((a, b) => a - b),
        writer.name,
      ).toEqual([...new Set(expected)].sort((a, b) => a! - b!))
    }
  })
})

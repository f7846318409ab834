import { describe, expect, it } from 'vitest'
import { bookExportStrings } from '@/domains/book/strings/book-export'
import {
  exportJson,
  exportPageHtml,
  extensionOf,
  failedFilesText,
  planExport,
  type BookExportData,
  type ExportedMemory,
} from './export-model'

const media = 'https://project.example/storage/v1/object/public/memory-images'

/** A memory as book_export() answers it; its texts answer the first questions unless told otherwise. */
function memory(overrides: Partial<ExportedMemory> = {}): ExportedMemory {
  const texts = overrides.texts ?? ['גדלנו יחד בחיפה']
  return {
    id: crypto.randomUUID(),
    created_at: '2026-10-02T09:00:00Z',
    full_name: 'רות כהן',
    relation_to_deceased: 'אחות',
    texts,
    sections: texts.map((text, index) => ({ prompt: (index + 1) as 1 | 2 | 3, text })),
    image_urls: [],
    image_captions: [],
    video_url: null,
    is_hidden: false,
    ...overrides,
  }
}

function book(memories: ExportedMemory[]): BookExportData {
  return {
    book: {
      id: 'b5a7d1f0-0000-4000-8000-000000000001',
      short_code: 'MOSHE23',
      full_name: 'משה לוי',
      birth_date: '1941-05-09',
      death_date: '2026-09-30',
      died_after_sunset: false,
      memory_quote: 'זיכרונו לברכה',
      creator_name: 'נועה',
      plan_type: 'pro',
      is_public: false,
      created_at: '2026-10-01T08:00:00Z',
      profile_image_url: `${media}/profiles/u/portrait.PNG`,
      background_image_url: null,
      deceased_gender: 'male',
    },
    memories,
    shiva: null,
    candles: { count: 0, names: [] },
  }
}

const exportedAt = new Date('2026-11-27T10:00:00Z')

describe('the export plan', () => {
  it('gives every original file one path in the ZIP, in the page order, a file used twice once', () => {
    const shared = `${media}/memories/b/shared.jpg`
    const data = book([
      memory({ image_urls: [`${media}/memories/b/a.jpeg`, shared] }),
      memory({ image_urls: [shared], video_url: `${media}/videos/b/clip.mp4` }),
    ])
    expect(planExport(data).files).toEqual([
      { path: 'media/profile.png', url: `${media}/profiles/u/portrait.PNG` },
      { path: 'media/memory-001-photo-1.jpeg', url: `${media}/memories/b/a.jpeg` },
      { path: 'media/memory-001-photo-2.jpg', url: shared },
      { path: 'media/memory-002-video.mp4', url: `${media}/videos/b/clip.mp4` },
    ])
  })

  it('keeps a plain extension only', () => {
    expect(extensionOf(`${media}/a/photo.webp?width=300`)).toBe('webp')
    expect(extensionOf(`${media}/a/no-extension`)).toBe('bin')
    expect(extensionOf(`${media}/a.dir/photo.<script>`)).toBe('bin')
  })
})

describe('the offline page', () => {
  it('is right to left and shows every memory, hidden ones marked, with its photos beside it', () => {
    const data = book([
      memory({ image_urls: [`${media}/memories/b/a.jpg`], image_captions: ['בים'] }),
      memory({ full_name: 'יוסי', relation_to_deceased: null, texts: ['שורה\nשנייה'], is_hidden: true }),
    ])
    const plan = planExport(data)
    const html = exportPageHtml(data, plan, new Set(), exportedAt)
    expect(html).toContain('<html lang="he" dir="rtl">')
    expect(html).toContain('<h1>ספר הזיכרון לזכר משה לוי ז״ל</h1>')
    // Dates an archive keeps: the whole year, the month by name.
    expect(html).toContain('נולד: 9 במאי 1941 · י״ב באייר תש״א<br>נפטר: 30 בספטמבר 2026 · י״ט בתשרי תשפ״ז')
    // A book without a gender speaks in nouns; a woman's (here by the honorific typed with her name) of her.
    const neutral = exportPageHtml(
      { ...data, book: { ...data.book, deceased_gender: null } },
      plan,
      new Set(),
      exportedAt,
    )
    expect(neutral).toContain('לידה: 9 במאי 1941')
    const hers = { ...data.book, full_name: 'מרים לוי זכרונה לברכה', deceased_gender: null }
    expect(exportPageHtml({ ...data, book: hers }, plan, new Set(), exportedAt)).toContain('נפטרה: 30 בספטמבר 2026')
    expect(neutral).not.toMatch(/[\u05D0-\u05EA]\/[\u05D0-\u05EA]/)
    expect(html).toContain('<h3>רות כהן · אחות</h3>')
    expect(html).toContain('<img src="media/memory-001-photo-1.jpg" alt="בים" loading="lazy">')
    expect(html).toContain('<h3>יוסי</h3>')
    expect(html).toContain('שורה<br>שנייה')
    expect(html).toContain(bookExportStrings.page.hidden)
    expect(html).not.toContain('https://')
  })

  it('shows the question each text answers, the days of mourning, the shiva and the candles', () => {
    const base = book([
      memory({
        texts: ['ראינו יחד את הים', 'תודה'],
        sections: [
          { prompt: 2, text: 'ראינו יחד את הים' },
          { prompt: 3, text: 'תודה' },
        ],
      }),
    ])
    const data = {
      ...base,
      book: { ...base.book, background_image_url: `${media}/backgrounds/u/sea.jpg` },
      shiva: {
        address: 'רחוב הרצל 5, חיפה',
        starts_on: '2026-10-01',
        ends_on: '2026-10-07',
        visiting_hours: '10:00–13:00, 17:00–21:00',
        note: null,
      },
      candles: { count: 3, names: [{ name: 'אסתר', lit_on: '2026-10-03' }] },
    }
    const html = exportPageHtml(data, planExport(data), new Set(), exportedAt)
    expect(html).toContain('<img class="backdrop" src="media/background.jpg" alt="">')
    expect(html).toContain('<h4>רגע שלא תשכח</h4><p dir="auto">ראינו יחד את הים</p>')
    expect(html).toContain('<h4>מה לא הספקת להגיד?</h4><p dir="auto">תודה</p>')
    expect(html).not.toContain('זכרון ראשון')
    expect(html).toContain('<dd>1 באוקטובר 2026 עד 7 באוקטובר 2026</dd>')
    expect(html).toContain('<dd>מקום השבעה: רחוב הרצל 5, חיפה</dd>')
    expect(html).toContain('<dd>שעות ביקור: 10:00–13:00, 17:00–21:00</dd>')
    // The shloshim, 29 days after the Hebrew day of death; the yahrzeits from the day of the export.
    expect(html).toContain('<dt>השלושים</dt><dd>29 באוקטובר 2026 · י״ח בחשון תשפ״ז</dd>')
    expect(html).toContain('<dt>יום השנה ה־1</dt><dd>20 באוקטובר 2027 · י״ט בתשרי תשפ״ח</dd>')
    expect(html).toContain('הודלקו 3 נרות בדף הספר.')
    expect(html).toContain('<li>אסתר</li>')
    const json = JSON.parse(exportJson(data, planExport(data), new Set(), exportedAt))
    expect(json.candles.count).toBe(3)
    expect(json.shiva.address).toBe('רחוב הרצל 5, חיפה')
    expect(json.memories[0].sections[0]).toEqual({ prompt: 2, text: 'ראינו יחד את הים' })
  })

  it('escapes what people wrote', () => {
    const data = book([memory({ full_name: '<img src=x onerror=alert(1)>', texts: ['"a" & <b>'] })])
    const html = exportPageHtml(data, planExport(data), new Set(), exportedAt)
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('&quot;a&quot; &amp; &lt;b&gt;')
  })

  it('says where a file that failed to download was, and lists it with its original address', () => {
    const url = `${media}/memories/b/lost.jpg`
    const data = book([memory({ image_urls: [url] })])
    const plan = planExport(data)
    const failed = new Set(['media/memory-001-photo-1.jpg'])
    const html = exportPageHtml(data, plan, failed, exportedAt)
    expect(html).toContain(bookExportStrings.page.missingFile)
    expect(html).not.toContain('src="media/memory-001-photo-1.jpg"')
    expect(failedFilesText(plan, failed)).toContain(`media/memory-001-photo-1.jpg\t${url}`)
    const json = JSON.parse(exportJson(data, plan, failed, exportedAt))
    expect(json.memories[0].photos[0]).toMatchObject({ path: 'media/memory-001-photo-1.jpg', saved: false })
    expect(json.book.profile_image).toMatchObject({ path: 'media/profile.png', saved: true })
  })
})

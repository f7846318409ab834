import { deceasedGenderOf, deceasedWords, relationWord } from '@shared/deceased-words.ts'
import { tBookExport as t } from '@/domains/book/strings/book-export'
import { mediumDate } from '@/domains/mourning-calendar/lib/format'
import {
  hebrewDateText,
  hebrewDeathDateText,
  nextYahrzeits,
  shivaWeek,
  shloshimDate,
} from '@/domains/mourning-calendar/lib/mourning-calendar'
import { memoryPromptStrings } from '@/i18n/memory-prompts'
import { withHonorific } from '@shared/honorific.ts'
import { HDate } from '@hebcal/hdate'

/** The book's details as book_export() answers them (no secrets: no family code, e-mails or payments). */
export interface ExportedBook {
  id: string
  short_code: string
  full_name: string
  birth_date: string | null
  death_date: string | null
  died_after_sunset: boolean
  memory_quote: string | null
  creator_name: string | null
  plan_type: string
  is_public: boolean
  created_at: string
  profile_image_url: string | null
  background_image_url: string | null
  /** How the book speaks of the deceased (from the book's card); null or absent: neutrally. */
  deceased_gender?: string | null
}

/** A memory's text and the number of the question (prompt) it answers. */
export interface ExportedSection {
  prompt: 1 | 2 | 3
  text: string
}

export interface ExportedMemory {
  id: string
  created_at: string
  full_name: string
  relation_to_deceased: string | null
  texts: string[]
  sections: ExportedSection[]
  image_urls: string[]
  image_captions: string[]
  video_url: string | null
  is_hidden: boolean
}

/** Where and when the family sat shiva, as the family wrote it. */
export interface ExportedShiva {
  address: string
  starts_on: string
  ends_on: string
  visiting_hours: string | null
  note: string | null
}

/** The candles lit on the book's page: how many, and the names left with them. */
export interface ExportedCandles {
  count: number
  names: { name: string; lit_on: string }[]
}

export interface BookExportData {
  book: ExportedBook
  memories: ExportedMemory[]
  shiva: ExportedShiva | null
  candles: ExportedCandles
}

/** One original file of the book and where it goes in the ZIP. */
export interface ExportFile {
  path: string
  url: string
}

export interface ExportPlan {
  files: ExportFile[]
  /** The ZIP path of each original file's URL (a file used twice is written once). */
  pathOf: ReadonlyMap<string, string>
}

export const HTML_PAGE = 'index.html'
export const JSON_FILE = 'book.json'
export const FAILED_LIST = 'failed-files.txt'

/** The file's own extension (lower case) when its URL has a plain one, else `bin`. */
export function extensionOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? ''
  const match = /\.([a-z0-9]{1,5})$/i.exec(path.slice(path.lastIndexOf('/') + 1))
  return match ? match[1]!.toLowerCase() : 'bin'
}

function memoryNumber(index: number): string {
  return String(index + 1).padStart(3, '0')
}

/** Every original photo and video of the book, each with its path in the ZIP, in the page's order. */
export function planExport({ book, memories }: BookExportData): ExportPlan {
  const pathOf = new Map<string, string>()
  const add = (url: string | null, name: string) => {
    if (url && !pathOf.has(url)) pathOf.set(url, `media/${name}.${extensionOf(url)}`)
  }
  add(book.profile_image_url, 'profile')
  add(book.background_image_url, 'background')
  memories.forEach((memory, index) => {
    memory.image_urls.forEach((url, photo) => add(url, `memory-${memoryNumber(index)}-photo-${photo + 1}`))
    add(memory.video_url, `memory-${memoryNumber(index)}-video`)
  })
  return { files: [...pathOf].map(([url, path]) => ({ url, path })), pathOf }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const dayFormat = new Intl.DateTimeFormat('he-IL', { dateStyle: 'long', timeZone: 'Asia/Jerusalem' })

function dayOf(timestamp: string): string {
  return dayFormat.format(new Date(timestamp))
}

const pageStyle = `
body{margin:0;background:#faf7f2;color:#2d2433;font-family:Arial,"Noto Sans Hebrew",sans-serif;line-height:1.7}
main,header{max-width:46rem;margin:0 auto;padding:1.5rem 1rem}
header{text-align:center}
.backdrop{display:block;width:100%;max-height:16rem;object-fit:cover;border-radius:1rem;margin-bottom:1rem}
section.days,section.candles{background:#fff;border:1px solid #e6dfe8;border-radius:1rem;padding:.5rem 1.25rem;margin:1rem 0}
dl{margin:0}dt{font-weight:bold;margin-top:.5rem}dd{margin:0}
article h4{margin:.75rem 0 0;font-size:.95rem;color:#4b2e83}
.names{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .75rem}
.portrait{width:9rem;height:9rem;border-radius:50%;object-fit:cover}
h1{font-size:1.8rem;margin:.5rem 0}
.quote{font-style:italic}
.muted{color:#6b6170;font-size:.9rem}
article{background:#fff;border:1px solid #e6dfe8;border-radius:1rem;padding:1rem 1.25rem;margin:1rem 0}
article h3{margin:0 0 .25rem;font-size:1.1rem}
.label{display:inline-block;background:#f1e8f4;border-radius:.5rem;padding:0 .5rem;font-size:.85rem}
figure{margin:.75rem 0}
figure img,video{max-width:100%;border-radius:.5rem}
.missing{color:#9b2c2c}
`

interface PageContext {
  plan: ExportPlan
  failed: ReadonlySet<string>
}

function mediaHtml(url: string, { plan, failed }: PageContext, render: (path: string) => string): string {
  const path = plan.pathOf.get(url)
  if (!path) return ''
  return failed.has(path) ? `<p class="missing">${escapeHtml(t('page.missingFile'))}</p>` : render(path)
}

function memoryHtml(memory: ExportedMemory, context: PageContext): string {
  const relation = relationWord(memory.relation_to_deceased)
  const byline = relation ? t('page.byline', { name: memory.full_name, relation }) : memory.full_name
  const photos = memory.image_urls.map((url, index) => {
    const caption = memory.image_captions[index]?.trim() ?? ''
    return mediaHtml(
      url,
      context,
      (path) =>
        `<figure><img src="${escapeHtml(path)}" alt="${escapeHtml(caption)}" loading="lazy">${
          caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''
        }</figure>`,
    )
  })
  const video = memory.video_url
    ? mediaHtml(
        memory.video_url,
        context,
        (path) => `<video controls preload="metadata" src="${escapeHtml(path)}"></video>`,
      )
    : ''
  return [
    '<article>',
    `<h3>${escapeHtml(byline)}</h3>`,
    `<p class="muted">${escapeHtml(t('page.writtenOn', { date: dayOf(memory.created_at) }))}${
      memory.is_hidden ? ` <span class="label">${escapeHtml(t('page.hidden'))}</span>` : ''
    }</p>`,
    ...memory.sections.map(
      (section) =>
        `<h4>${escapeHtml(memoryPromptStrings[`text${section.prompt}`])}</h4><p dir="auto">${escapeHtml(
          section.text,
        ).replaceAll('\n', '<br>')}</p>`,
    ),
    ...photos,
    video,
    '</article>',
  ].join('')
}

function headerHtml(book: ExportedBook, context: PageContext, exportedAt: Date): string {
  const portrait = book.profile_image_url
    ? mediaHtml(book.profile_image_url, context, (path) => `<img class="portrait" src="${escapeHtml(path)}" alt="">`)
    : ''
  const backdrop = book.background_image_url
    ? mediaHtml(book.background_image_url, context, (path) => `<img class="backdrop" src="${escapeHtml(path)}" alt="">`)
    : ''
  const words = deceasedWords(deceasedGenderOf(book.deceased_gender, book.full_name))
  const lines = [
    book.birth_date
      ? t('page.lifeDate', { event: words.born, date: withHebrew(book.birth_date, hebrewDayOf(book.birth_date)) })
      : null,
    book.death_date
      ? t('page.lifeDate', {
          event: words.died,
          date: withHebrew(book.death_date, hebrewDeathDateText(book.death_date, book.died_after_sunset)),
        })
      : null,
  ].filter((line): line is string => line !== null)
  return [
    '<header>',
    backdrop,
    portrait,
    `<h1>${escapeHtml(t('page.title', { name: withHonorific(book.full_name) }))}</h1>`,
    lines.length ? `<p>${lines.map(escapeHtml).join('<br>')}</p>` : '',
    book.memory_quote ? `<p class="quote" dir="auto">${escapeHtml(book.memory_quote)}</p>` : '',
    book.creator_name ? `<p class="muted">${escapeHtml(t('page.createdBy', { name: book.creator_name }))}</p>` : '',
    `<p class="muted">${escapeHtml(t('page.exportedAt', { date: dayFormat.format(exportedAt) }))}</p>`,
    '</header>',
  ].join('')
}

function hebrewDayOf(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  return hebrewDateText(new HDate(new Date(year!, month! - 1, day!)))
}

/** A day as the page writes it: the Gregorian date and the Hebrew one. */
function withHebrew(iso: string, hebrew: string): string {
  return t('page.dateWithHebrew', { gregorian: mediumDate(iso), hebrew })
}

function dayRow(label: string, lines: readonly string[]): string {
  return `<dt>${escapeHtml(label)}</dt>${lines.map((line) => `<dd>${escapeHtml(line)}</dd>`).join('')}`
}

/**
 * The days of mourning: the shiva (its week, and where and when the family sat, as they wrote it),
 * the shloshim and the next three yahrzeits from the day of the export, with the candle's evening.
 */
function mourningHtml({ book, shiva }: BookExportData, exportedAt: Date): string {
  if (!book.death_date) return ''
  const { death_date: death, died_after_sunset: afterSunset } = book
  const today = exportedAt.toISOString().slice(0, 10)
  const week = shivaWeek(death, afterSunset)
  const shivaLines = [
    t('page.shivaRange', {
      from: mediumDate(shiva?.starts_on ?? week.start),
      to: mediumDate(shiva?.ends_on ?? week.end),
    }),
    shiva ? t('page.shivaAddress', { address: shiva.address }) : null,
    shiva?.visiting_hours ? t('page.shivaHours', { hours: shiva.visiting_hours }) : null,
    shiva?.note ?? null,
  ].filter((line): line is string => line !== null)
  const shloshim = shloshimDate(death, afterSunset)
  const yahrzeits = nextYahrzeits(death, afterSunset, today, 3).map((yahrzeit) =>
    dayRow(t('page.yahrzeit', { n: yahrzeit.anniversary }), [
      withHebrew(yahrzeit.date, yahrzeit.hebrew),
      t('page.yahrzeitEvening', { evening: mediumDate(yahrzeit.candleEvening) }),
    ]),
  )
  return [
    '<section class="days">',
    `<h2>${escapeHtml(t('page.daysTitle'))}</h2><dl>`,
    dayRow(t('page.shiva'), shivaLines),
    dayRow(t('page.shloshim'), [withHebrew(shloshim, hebrewDayOf(shloshim))]),
    ...yahrzeits,
    '</dl></section>',
  ].join('')
}

/** The candles lit on the book's page: how many, and the names left with them. */
function candlesHtml({ candles }: BookExportData): string {
  if (!candles || candles.count === 0) return ''
  const names = candles.names.map((candle) => `<li>${escapeHtml(candle.name)}</li>`).join('')
  return [
    '<section class="candles">',
    `<h2>${escapeHtml(t('page.candlesTitle'))}</h2>`,
    `<p>${escapeHtml(candles.count === 1 ? t('page.candleOne') : t('page.candlesCount', { n: candles.count }))}</p>`,
    names ? `<p class="muted">${escapeHtml(t('page.candleNames'))}</p><ul class="names">${names}</ul>` : '',
    '</section>',
  ].join('')
}

/** The offline page: the book and every memory, right to left, its photos and videos beside it in the ZIP. */
export function exportPageHtml(
  data: BookExportData,
  plan: ExportPlan,
  failed: ReadonlySet<string>,
  exportedAt: Date,
): string {
  const context = { plan, failed }
  const memories = data.memories.length
    ? data.memories.map((memory) => memoryHtml(memory, context)).join('\n')
    : `<p>${escapeHtml(t('page.noMemories'))}</p>`
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('page.title', { name: withHonorific(data.book.full_name) }))}</title>
<style>${pageStyle}</style>
</head>
<body>
${headerHtml(data.book, context, exportedAt)}
<main>
${mourningHtml(data, exportedAt)}
${candlesHtml(data)}
<h2>${escapeHtml(t('page.memoriesTitle', { n: data.memories.length }))}</h2>
${memories}
</main>
</body>
</html>
`
}

/** The same book as data: its details, every memory with the ZIP paths of its files, and what failed. */
export function exportJson(data: BookExportData, plan: ExportPlan, failed: ReadonlySet<string>, exportedAt: Date) {
  const fileOf = (url: string | null) => {
    const path = url ? plan.pathOf.get(url) : undefined
    return path ? { path, original_url: url, saved: !failed.has(path) } : null
  }
  const document = {
    format: 'zochrim-book-export',
    version: 1,
    exported_at: exportedAt.toISOString(),
    book: {
      ...data.book,
      profile_image: fileOf(data.book.profile_image_url),
      background_image: fileOf(data.book.background_image_url),
    },
    shiva: data.shiva,
    candles: data.candles,
    memories: data.memories.map((memory) => ({
      ...memory,
      photos: memory.image_urls.map((url, index) => ({
        ...fileOf(url),
        caption: memory.image_captions[index] ?? null,
      })),
      video: fileOf(memory.video_url),
    })),
  }
  return JSON.stringify(document, null, 2)
}

/** The list written into the ZIP when some files could not be downloaded. */
export function failedFilesText(plan: ExportPlan, failed: ReadonlySet<string>): string {
  const lines = plan.files.filter((file) => failed.has(file.path)).map((file) => `${file.path}\t${file.url}`)
  return [t('failedList.heading'), ...lines].join('\n') + '\n'
}

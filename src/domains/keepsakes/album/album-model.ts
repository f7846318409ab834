import { deceasedGenderOf, deceasedWords } from '@shared/deceased-words.ts'
import { HDate } from '@hebcal/hdate'
import { tKeepsakes as t } from '@/domains/keepsakes/strings/keepsakes'
import { tMemories } from '@/domains/memories/strings/memories'
import { withHonorific } from '@shared/honorific.ts'
import {
  hebrewDateText,
  hebrewDeathDateText,
  nextYahrzeits,
  shivaWeek,
  shloshimDate,
} from '@/domains/mourning-calendar/lib/mourning-calendar'
import type { BookCard } from '@/domains/book/api/get-book-card'
import type { Memory, PromptNumber } from '../../memories/lib/memory-model'

/** A date of the album: its name, and lines of the Gregorian day and the Hebrew one. */
export interface AlbumDate {
  label: string
  lines: string[]
}

export interface AlbumPhoto {
  url: string
  caption: string
}

export interface AlbumMemory {
  id: string
  number: number
  author: string
  /** The writer's relation and the day the memory was written, joined by a middle dot. */
  byline: string
  sections: { title: string; text: string }[]
  photos: AlbumPhoto[]
}

/** A writer of the index, with their memories' ids (the album looks up the pages they start on). */
export interface AlbumWriter {
  name: string
  memoryIds: string[]
}

/** Everything the album prints, as text ready for the page: the PDF layer only lays it out. */
export interface Album {
  title: string
  name: string
  portraitUrl: string | null
  lifeDates: AlbumDate[]
  quote: string | null
  mourningDates: AlbumDate[]
  memories: AlbumMemory[]
  writers: AlbumWriter[]
}

export type AlbumCard = Pick<
  BookCard,
  | 'full_name'
  | 'birth_date'
  | 'death_date'
  | 'died_after_sunset'
  | 'memory_quote'
  | 'profile_image_url'
  | 'deceased_gender'
>

const promptTitles: Record<PromptNumber, string> = {
  1: tMemories('prompts.text1'),
  2: tMemories('prompts.text2'),
  3: tMemories('prompts.text3'),
}

/** A calendar day in full for print: 07/03/1941. */
function fullDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-')
  return `${day}/${month}/${year}`
}

function hebrewDayOf(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  return hebrewDateText(new HDate(new Date(year!, month! - 1, day!)))
}

function withHebrew(iso: string, hebrew: string): string {
  return t('album.dateWithHebrew', { gregorian: fullDate(iso), hebrew })
}

function lifeDatesOf(card: AlbumCard): AlbumDate[] {
  const words = deceasedWords(deceasedGenderOf(card.deceased_gender, card.full_name))
  const dates: AlbumDate[] = []
  if (card.birth_date)
    dates.push({ label: words.born, lines: [withHebrew(card.birth_date, hebrewDayOf(card.birth_date))] })
  if (card.death_date) {
    const hebrew = hebrewDeathDateText(card.death_date, card.died_after_sunset)
    dates.push({ label: words.died, lines: [withHebrew(card.death_date, hebrew)] })
  }
  return dates
}

/** The day of death, the shiva, the shloshim and the next three yahrzeits from `today`. */
function mourningDatesOf(card: AlbumCard, today: string): AlbumDate[] {
  if (!card.death_date) return []
  const { death_date: death, died_after_sunset: afterSunset } = card
  const shiva = shivaWeek(death, afterSunset)
  const shloshim = shloshimDate(death, afterSunset)
  return [
    { label: t('album.dayOfDeath'), lines: [withHebrew(death, hebrewDeathDateText(death, afterSunset))] },
    {
      label: t('album.shiva'),
      lines: [t('album.shivaRange', { from: fullDate(shiva.start), to: fullDate(shiva.end) })],
    },
    { label: t('album.shloshim'), lines: [withHebrew(shloshim, hebrewDayOf(shloshim))] },
    ...nextYahrzeits(death, afterSunset, today, 3).map((yahrzeit) => ({
      label: t('album.yahrzeit', { n: yahrzeit.anniversary }),
      lines: [
        withHebrew(yahrzeit.date, yahrzeit.hebrew),
        t('album.yahrzeitEvening', { evening: fullDate(yahrzeit.candleEvening) }),
      ],
    })),
  ]
}

function albumMemory(memory: Memory, number: number): AlbumMemory {
  const written = t('album.writtenOn', { date: fullDate(memory.createdAt.slice(0, 10)) })
  return {
    id: memory.id,
    number,
    author: memory.authorName,
    byline: memory.relation ? `${memory.relation} · ${written}` : written,
    sections: memory.texts.map((entry) => ({ title: promptTitles[entry.prompt], text: entry.text })),
    photos: memory.images.map((image) => ({ url: image.url, caption: image.caption })),
  }
}

/** Each writer once, in Hebrew alphabetical order, with their memories in the album's order. */
function writersOf(memories: readonly AlbumMemory[]): AlbumWriter[] {
  const ids = new Map<string, string[]>()
  for (const memory of memories) ids.set(memory.author, [...(ids.get(memory.author) ?? []), memory.id])
  return [...ids].sort(([a], [b]) => a.localeCompare(b, 'he')).map(([name, memoryIds]) => ({ name, memoryIds }))
}

/**
 * The album of a book: the memories a reader sees (hidden ones never print), oldest first,
 * numbered; the writers' index refers to the pages they start on.
 */
export function buildAlbum(card: AlbumCard, memories: readonly Memory[], today: string): Album {
  const printed = memories
    .filter((memory) => !memory.isHidden)
    .toSorted((a, b) => a.createdAtMs - b.createdAtMs)
    .map((memory, index) => albumMemory(memory, index + 1))
  return {
    title: t('album.title'),
    name: withHonorific(card.full_name),
    portraitUrl: card.profile_image_url || null,
    lifeDates: lifeDatesOf(card),
    quote: card.memory_quote?.trim() || null,
    mourningDates: mourningDatesOf(card, today),
    memories: printed,
    writers: writersOf(printed),
  }
}

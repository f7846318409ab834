import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer'
import type { ReactNode } from 'react'
import { tKeepsakes as t } from '@/domains/keepsakes/strings/keepsakes'
import { HEADING, TEXT } from './album-fonts'
import type { Album, AlbumDate, AlbumMemory, AlbumPhoto } from './album-model'
import { createAlbumPages, memoryAnchor, type AlbumPages } from './album-pages'
import {
  CONTENT_WIDTH,
  PAGE_SIZE,
  PHOTO_GAP,
  PORTRAIT_SIZE,
  PRINT_MARKS,
  photoBox,
  photoDisplaySize,
  photoRows,
  type PreparedPhoto,
} from './photo-size'

const colors = {
  ink: '#1F2A37',
  muted: '#5D6876',
  plum: '#4B2E83',
  gold: '#8A6D33',
  line: '#E5DED3',
  canvas: '#F7F4EF',
  mark: '#000000',
}

/** The running head's height: the same on every page, so each page's room for text is the same. */
const HEAD_HEIGHT = 14
/** No heading ends a page: at least its first lines (about this many points) follow it there. */
const HEADING_COMPANY = 60
const SECTION_TITLE_COMPANY = 36

const styles = StyleSheet.create({
  page: { fontFamily: TEXT, fontSize: 11, color: colors.ink, direction: 'rtl' },
  rtl: { direction: 'rtl', textAlign: 'right' },
  centered: { direction: 'rtl', textAlign: 'center' },
  head: { height: HEAD_HEIGHT, marginBottom: 6, fontSize: 8.5, color: colors.muted, maxLines: 1 },
  pageNumber: { position: 'absolute', left: 0, right: 0, textAlign: 'center', fontSize: 9, color: colors.muted },
  cover: { alignItems: 'center', justifyContent: 'center' },
  coverTitle: { fontSize: 12, color: colors.gold, letterSpacing: 1, marginBottom: 18 },
  portrait: {
    width: PORTRAIT_SIZE,
    height: PORTRAIT_SIZE,
    borderRadius: PORTRAIT_SIZE / 2,
    objectFit: 'cover',
    marginBottom: 20,
  },
  name: { fontFamily: HEADING, fontWeight: 700, fontSize: 30, color: colors.plum, marginBottom: 14 },
  lifeDate: { fontSize: 11.5, color: colors.ink, marginBottom: 4 },
  quote: { fontFamily: HEADING, fontWeight: 700, fontSize: 13, color: colors.plum, marginTop: 22, lineHeight: 1.6 },
  heading: { fontFamily: HEADING, fontWeight: 700, fontSize: 22, color: colors.plum, marginBottom: 16 },
  dateRow: { borderBottomWidth: 0.5, borderBottomColor: colors.line, paddingVertical: 8 },
  dateLabel: { fontWeight: 700, fontSize: 11.5, color: colors.plum },
  dateText: { fontSize: 11, lineHeight: 1.5 },
  memory: { marginBottom: 22 },
  memoryNumber: { fontSize: 9, color: colors.gold },
  author: { fontWeight: 700, fontSize: 15, color: colors.ink },
  byline: { fontSize: 9.5, color: colors.muted, marginBottom: 8 },
  sectionTitle: { fontWeight: 700, fontSize: 10, color: colors.plum, marginTop: 6, marginBottom: 2 },
  sectionText: { fontSize: 11, lineHeight: 1.6 },
  photoRow: { flexDirection: 'row-reverse', justifyContent: 'center', columnGap: PHOTO_GAP, marginTop: 10 },
  photoCell: { alignItems: 'center' },
  caption: { fontSize: 9, color: colors.muted, marginTop: 3, maxLines: 3 },
  writer: { flexDirection: 'row-reverse', justifyContent: 'space-between', paddingVertical: 4 },
})

/** The page's geometry: A5 for the screen and home printers, or with bleed and crop marks for a print house. */
function pageGeometry(print: boolean) {
  const outside = print ? PRINT_MARKS.slug : 0
  return {
    size: { width: PAGE_SIZE.width + 2 * outside, height: PAGE_SIZE.height + 2 * outside },
    outside,
    padding: {
      paddingTop: PAGE_SIZE.margin + outside,
      paddingBottom: PAGE_SIZE.margin + 14 + outside,
      paddingHorizontal: PAGE_SIZE.margin + outside,
    },
  }
}

/** The eight crop marks: at each corner, a short line on each trim line, starting past the bleed. */
function CropMarks() {
  const { bleed, markLength, slug } = PRINT_MARKS
  const far = { width: PAGE_SIZE.width + slug, height: PAGE_SIZE.height + slug }
  const start = slug - bleed - markLength
  const marks: { key: string; style: Record<string, number> }[] = []
  for (const x of [slug, far.width]) {
    for (const y of [slug, far.height]) {
      const outY = y === slug ? start : y + bleed
      const outX = x === slug ? start : x + bleed
      marks.push({ key: `v${x}-${y}`, style: { left: x, top: outY, width: 0.25, height: markLength } })
      marks.push({ key: `h${x}-${y}`, style: { left: outX, top: y, width: markLength, height: 0.25 } })
    }
  }
  return marks.map((mark) => (
    <View key={mark.key} style={{ position: 'absolute', backgroundColor: colors.mark, ...mark.style }} />
  ))
}

/** A background filling the trimmed page and its bleed. */
function Bleed({ color, outside }: { color: string; outside: number }) {
  const inset = outside === 0 ? 0 : PRINT_MARKS.slug - PRINT_MARKS.bleed
  return (
    <View
      style={{ position: 'absolute', top: inset, bottom: inset, left: inset, right: inset, backgroundColor: color }}
    />
  )
}

interface FrameOptions {
  print: boolean
  /** The running head: a line at the top of each page (the memory a page continues, named). */
  head?: (page: { pageNumber: number; totalPages?: number }, children: ReactNode) => string
  numbered?: boolean
  background?: string
}

/** A page of the album: its size, its margins, and around its flowing content the page's chrome. */
function AlbumPage({ print, head, numbered = true, background, children }: FrameOptions & { children: ReactNode }) {
  const geometry = pageGeometry(print)
  const layout = (page: { children?: ReactNode; pageNumber?: number; totalPages?: number }) => {
    const pageNumber = page.pageNumber ?? 1
    return (
      <>
        {background && <Bleed color={background} outside={geometry.outside} />}
        {print && <CropMarks />}
        {head && (
          <Text style={[styles.rtl, styles.head]}>
            {head({ pageNumber, totalPages: page.totalPages }, page.children)}
          </Text>
        )}
        {page.children}
        {numbered && (
          <Text style={[styles.pageNumber, { bottom: PAGE_SIZE.margin / 2 + geometry.outside }]}>
            {t('album.pageNumber', { n: pageNumber })}
          </Text>
        )}
      </>
    )
  }
  return (
    <Page size={geometry.size} style={[styles.page, geometry.padding]} layout={layout}>
      {children}
    </Page>
  )
}

function Cover({ album, portrait, print }: { album: Album; portrait: PreparedPhoto | undefined; print: boolean }) {
  const height = PAGE_SIZE.height - 2 * PAGE_SIZE.margin - 14
  return (
    <AlbumPage print={print} numbered={false} background={colors.canvas}>
      <View style={[styles.cover, { height, width: CONTENT_WIDTH }]}>
        <Text style={[styles.centered, styles.coverTitle]}>{album.title}</Text>
        {portrait && <Image src={portrait.data} style={styles.portrait} />}
        <Text style={[styles.centered, styles.name]}>{album.name}</Text>
        {album.lifeDates.map((date) => (
          <Text key={date.label} style={[styles.centered, styles.lifeDate]}>
            {`${date.label}: ${date.lines.join(' ')}`}
          </Text>
        ))}
        {album.quote && <Text style={[styles.centered, styles.quote]}>{album.quote}</Text>}
      </View>
    </AlbumPage>
  )
}

function DateRow({ date }: { date: AlbumDate }) {
  return (
    <View style={styles.dateRow} wrap={false}>
      <Text style={[styles.rtl, styles.dateLabel]}>{date.label}</Text>
      {date.lines.map((line) => (
        <Text key={line} style={[styles.rtl, styles.dateText]}>
          {line}
        </Text>
      ))}
    </View>
  )
}

function MourningDates({ dates, print }: { dates: AlbumDate[]; print: boolean }) {
  return (
    <AlbumPage print={print}>
      <Text style={[styles.rtl, styles.heading]}>{t('album.mourningTitle')}</Text>
      {dates.map((date) => (
        <DateRow key={date.label} date={date} />
      ))}
    </AlbumPage>
  )
}

/** A row of a memory's photos, each in its box with its caption under it; a row never splits. */
function PhotoRow({ row, photos }: { row: AlbumPhoto[]; photos: ReadonlyMap<string, PreparedPhoto> }) {
  const box = photoBox(row.length)
  return (
    <View style={styles.photoRow} wrap={false}>
      {row.map((photo, index) => {
        const prepared = photos.get(photo.url)
        if (!prepared) return null
        return (
          <View key={`${photo.url}#${index}`} style={[styles.photoCell, { width: box.width }]}>
            <Image src={prepared.data} style={{ ...photoDisplaySize(prepared.width, prepared.height, box) }} />
            {photo.caption !== '' && <Text style={[styles.centered, styles.caption]}>{photo.caption}</Text>}
          </View>
        )
      })}
    </View>
  )
}

/**
 * A memory: its heading (number, writer, relation and date) kept with its first lines, the prompts
 * under their titles, then its photos in rows. A page that continues a memory names it at its head.
 */
function MemoryEntry({ memory, photos }: { memory: AlbumMemory; photos: ReadonlyMap<string, PreparedPhoto> }) {
  const shown = memory.photos.filter((photo) => photos.has(photo.url))
  return (
    <View id={memoryAnchor(memory.id)} style={styles.memory}>
      <View minPresenceAhead={HEADING_COMPANY} wrap={false}>
        <Text style={[styles.rtl, styles.memoryNumber]}>{t('album.memoryNumber', { n: memory.number })}</Text>
        <Text style={[styles.rtl, styles.author]}>{memory.author}</Text>
        <Text style={[styles.rtl, styles.byline]}>{memory.byline}</Text>
      </View>
      {memory.sections.flatMap((section) => [
        <Text
          key={`${section.title}-title`}
          style={[styles.rtl, styles.sectionTitle]}
          minPresenceAhead={SECTION_TITLE_COMPANY}
        >
          {section.title}
        </Text>,
        <Text key={`${section.title}-text`} style={[styles.rtl, styles.sectionText]}>
          {section.text}
        </Text>,
      ])}
      {photoRows(shown).map((row, index) => (
        <PhotoRow key={index} row={row} photos={photos} />
      ))}
    </View>
  )
}

function Memories(props: {
  album: Album
  photos: ReadonlyMap<string, PreparedPhoto>
  pages: AlbumPages
  print: boolean
}) {
  const { album, photos, pages, print } = props
  const byId = new Map(album.memories.map((memory) => [memory.id, memory]))
  const head: FrameOptions['head'] = (page, children) => {
    const continued = byId.get(pages.notePage(page, children) ?? '')
    return continued ? t('album.continued', { n: continued.number, author: continued.author }) : ''
  }
  return (
    <AlbumPage print={print} head={head}>
      <Text style={[styles.rtl, styles.heading]}>{t('album.memoriesTitle')}</Text>
      {album.memories.length === 0 && <Text style={styles.rtl}>{t('album.noMemories')}</Text>}
      {album.memories.map((memory) => (
        <MemoryEntry key={memory.id} memory={memory} photos={photos} />
      ))}
    </AlbumPage>
  )
}

/** The pages a writer's memories start on, as the index prints them. */
function writerPages(memoryIds: readonly string[], pages: AlbumPages): string {
  const numbers = [...new Set(memoryIds.map((id) => pages.firstPage(id) ?? 0))].sort((a, b) => a - b)
  return t(numbers.length === 1 ? 'album.indexPage' : 'album.indexPages', { pages: numbers.join(', ') })
}

function WritersIndex({ album, pages, print }: { album: Album; pages: AlbumPages; print: boolean }) {
  return (
    <AlbumPage print={print}>
      <Text style={[styles.rtl, styles.heading]}>{t('album.indexTitle')}</Text>
      {album.writers.map((writer) => (
        <View key={writer.name} style={styles.writer} wrap={false}>
          <Text style={styles.rtl}>{writer.name}</Text>
          <Text style={[styles.rtl, { color: colors.muted }]} render={() => writerPages(writer.memoryIds, pages)} />
        </View>
      ))}
    </AlbumPage>
  )
}

export interface AlbumDocumentProps {
  album: Album
  /** Each photo already scaled to print size; a photo missing from it is left out. */
  photos: ReadonlyMap<string, PreparedPhoto>
  /** For a print house: each A5 page with 3 mm of bleed and crop marks. */
  print?: boolean
}

/**
 * The printed album, A5: the cover, the mourning dates, every memory (writer, relation and date,
 * the prompts with their titles, photos in rows with captions) and the index of writers with the
 * page each of their memories starts on; numbered pages.
 */
export function AlbumDocument({ album, photos, print = false }: AlbumDocumentProps) {
  const pages = createAlbumPages()
  return (
    <Document title={t('album.authorTitle', { name: album.name })} language="he">
      <Cover album={album} portrait={album.portraitUrl ? photos.get(album.portraitUrl) : undefined} print={print} />
      {album.mourningDates.length > 0 && <MourningDates dates={album.mourningDates} print={print} />}
      <Memories album={album} photos={photos} pages={pages} print={print} />
      {album.writers.length > 0 && <WritersIndex album={album} pages={pages} print={print} />}
    </Document>
  )
}

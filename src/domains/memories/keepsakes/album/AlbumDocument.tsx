import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer'
import { tKeepsakes as t } from '@/domains/memories/strings/keepsakes'
import { HEADING, TEXT } from './album-fonts'
import type { Album, AlbumDate, AlbumMemory } from './album-model'
import { PAGE_SIZE, PHOTO_BOX, photoDisplaySize, type PreparedPhoto } from './photo-size'

const colors = {
  ink: '#1F2A37',
  muted: '#5D6876',
  plum: '#4B2E83',
  gold: '#8A6D33',
  line: '#E5DED3',
  canvas: '#F7F4EF',
}

const styles = StyleSheet.create({
  page: {
    fontFamily: TEXT,
    fontSize: 11,
    color: colors.ink,
    direction: 'rtl',
    paddingTop: PAGE_SIZE.margin,
    paddingBottom: PAGE_SIZE.margin + 14,
    paddingHorizontal: PAGE_SIZE.margin,
  },
  rtl: { direction: 'rtl', textAlign: 'right' },
  centered: { direction: 'rtl', textAlign: 'center' },
  pageNumber: {
    position: 'absolute',
    bottom: PAGE_SIZE.margin / 2,
    left: 0,
    right: 0,
    textAlign: 'center',
    fontSize: 9,
    color: colors.muted,
  },
  cover: {
    fontFamily: TEXT,
    direction: 'rtl',
    backgroundColor: colors.canvas,
    alignItems: 'center',
    justifyContent: 'center',
    padding: PAGE_SIZE.margin,
  },
  coverTitle: { fontSize: 12, color: colors.gold, letterSpacing: 1, marginBottom: 18 },
  portrait: { width: 150, height: 150, borderRadius: 75, objectFit: 'cover', marginBottom: 20 },
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
  photo: { marginTop: 10, alignItems: 'center' },
  caption: { fontSize: 9.5, color: colors.muted, marginTop: 4, maxWidth: PHOTO_BOX.width },
  writer: { flexDirection: 'row-reverse', justifyContent: 'space-between', paddingVertical: 4 },
})

function PageNumber() {
  return <Text style={styles.pageNumber} fixed render={({ pageNumber }) => t('album.pageNumber', { n: pageNumber })} />
}

function Cover({ album, portrait }: { album: Album; portrait: PreparedPhoto | undefined }) {
  return (
    <Page size="A5" style={styles.cover}>
      <Text style={[styles.centered, styles.coverTitle]}>{album.title}</Text>
      {portrait && <Image src={portrait.data} style={styles.portrait} />}
      <Text style={[styles.centered, styles.name]}>{album.name}</Text>
      {album.lifeDates.map((date) => (
        <Text key={date.label} style={[styles.centered, styles.lifeDate]}>
          {`${date.label}: ${date.lines.join(' ')}`}
        </Text>
      ))}
      {album.quote && <Text style={[styles.centered, styles.quote]}>{album.quote}</Text>}
    </Page>
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

function MourningDates({ dates }: { dates: AlbumDate[] }) {
  return (
    <Page size="A5" style={styles.page}>
      <Text style={[styles.rtl, styles.heading]}>{t('album.mourningTitle')}</Text>
      {dates.map((date) => (
        <DateRow key={date.label} date={date} />
      ))}
      <PageNumber />
    </Page>
  )
}

function MemoryPhoto({ photo, caption }: { photo: PreparedPhoto; caption: string }) {
  const size = photoDisplaySize(photo.width, photo.height)
  return (
    <View style={styles.photo} wrap={false}>
      <Image src={photo.data} style={size} />
      {caption !== '' && <Text style={[styles.centered, styles.caption]}>{caption}</Text>}
    </View>
  )
}

function MemoryEntry({ memory, photos }: { memory: AlbumMemory; photos: ReadonlyMap<string, PreparedPhoto> }) {
  return (
    <View style={styles.memory}>
      <View minPresenceAhead={80} wrap={false}>
        <Text style={[styles.rtl, styles.memoryNumber]}>{t('album.memoryNumber', { n: memory.number })}</Text>
        <Text style={[styles.rtl, styles.author]}>{memory.author}</Text>
        <Text style={[styles.rtl, styles.byline]}>{memory.byline}</Text>
      </View>
      {memory.sections.map((section) => (
        <View key={section.title}>
          <Text style={[styles.rtl, styles.sectionTitle]} minPresenceAhead={30}>
            {section.title}
          </Text>
          <Text style={[styles.rtl, styles.sectionText]}>{section.text}</Text>
        </View>
      ))}
      {memory.photos.map((photo, index) => {
        const prepared = photos.get(photo.url)
        return prepared ? <MemoryPhoto key={`${photo.url}#${index}`} photo={prepared} caption={photo.caption} /> : null
      })}
    </View>
  )
}

function Memories({ album, photos }: { album: Album; photos: ReadonlyMap<string, PreparedPhoto> }) {
  return (
    <Page size="A5" style={styles.page}>
      <Text style={[styles.rtl, styles.heading]}>{t('album.memoriesTitle')}</Text>
      {album.memories.length === 0 && <Text style={styles.rtl}>{t('album.noMemories')}</Text>}
      {album.memories.map((memory) => (
        <MemoryEntry key={memory.id} memory={memory} photos={photos} />
      ))}
      <PageNumber />
    </Page>
  )
}

function WritersIndex({ album }: { album: Album }) {
  return (
    <Page size="A5" style={styles.page}>
      <Text style={[styles.rtl, styles.heading]}>{t('album.indexTitle')}</Text>
      {album.writers.map((writer) => (
        <View key={writer.name} style={styles.writer} wrap={false}>
          <Text style={styles.rtl}>{writer.name}</Text>
          <Text style={[styles.rtl, { color: colors.muted }]}>{writer.memories}</Text>
        </View>
      ))}
      <PageNumber />
    </Page>
  )
}

/**
 * The printed album, A5: the cover, the mourning dates, every memory (writer, relation and date,
 * the prompts with their titles, photos with captions) and the index of writers, numbered pages.
 * `photos` holds each photo already scaled to print size; a photo missing from it is left out.
 */
export function AlbumDocument({ album, photos }: { album: Album; photos: ReadonlyMap<string, PreparedPhoto> }) {
  return (
    <Document title={t('album.authorTitle', { name: album.name })} language="he">
      <Cover album={album} portrait={album.portraitUrl ? photos.get(album.portraitUrl) : undefined} />
      {album.mourningDates.length > 0 && <MourningDates dates={album.mourningDates} />}
      <Memories album={album} photos={photos} />
      {album.writers.length > 0 && <WritersIndex album={album} />}
    </Document>
  )
}

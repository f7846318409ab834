import { pdf } from '@react-pdf/renderer'
import type { Memory } from '../../memories/lib/memory-model'
import { AlbumDocument } from './AlbumDocument'
import { registerAlbumFonts } from './album-fonts'
import { buildAlbum, type AlbumCard } from './album-model'
import { preparePhotos } from './prepare-photos'

// The build copies each font beside the album's code and writes its address here.
registerAlbumFonts({
  heading: new URL('@/assets/fonts/album/frank-ruhl-libre-700.ttf', import.meta.url).href,
  text: new URL('@/assets/fonts/album/heebo-400.ttf', import.meta.url).href,
  textBold: new URL('@/assets/fonts/album/heebo-700.ttf', import.meta.url).href,
})

export interface AlbumOptions {
  today: string
  /** For a print house: bleed and crop marks around each A5 page. */
  print: boolean
  onProgress: (done: number, total: number) => void
}

/** The book's album as a PDF file, made in this tab from the memories the reader was given. */
export async function makeAlbum(card: AlbumCard, memories: readonly Memory[], options: AlbumOptions): Promise<Blob> {
  const album = buildAlbum(card, memories, options.today)
  const photos = await preparePhotos(album, options.onProgress)
  return pdf(<AlbumDocument album={album} photos={photos} print={options.print} />).toBlob()
}

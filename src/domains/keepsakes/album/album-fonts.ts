import { Font } from '@react-pdf/renderer'

/** The album's three faces: TrueType files, which the PDF embeds as subsets. */
export interface AlbumFontFiles {
  heading: string
  text: string
  textBold: string
}

export const HEADING = 'AlbumHeading'
export const TEXT = 'AlbumText'

/*
 * Hebrew lays out right only with `direction: 'rtl'` on every text and one font that holds every
 * glyph the text uses (Hebrew, nikud, ASCII, ₪): a fallback face would break the bidi runs. Words
 * are never hyphenated.
 */
export function registerAlbumFonts(files: AlbumFontFiles): void {
  Font.register({ family: HEADING, fonts: [{ src: files.heading, fontWeight: 700 }] })
  Font.register({
    family: TEXT,
    fonts: [
      { src: files.text, fontWeight: 400 },
      { src: files.textBold, fontWeight: 700 },
    ],
  })
  Font.registerHyphenationCallback((word) => [word])
}

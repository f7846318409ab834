import { isValidElement, type ReactNode } from 'react'

const ANCHOR_PREFIX = 'memory-'

/** The PDF destination (and the page layout's marker) of a memory. */
export function memoryAnchor(memoryId: string): string {
  return `${ANCHOR_PREFIX}${memoryId}`
}

/** The memories whose parts a page holds, in page order: the anchors of its top-level content. */
function memoriesOnPage(children: ReactNode): string[] {
  const ids: string[] = []
  for (const child of Array.isArray(children) ? children : [children]) {
    if (!isValidElement<{ node?: { props?: { id?: unknown } } }>(child)) continue
    const id = child.props.node?.props?.id
    if (typeof id === 'string' && id.startsWith(ANCHOR_PREFIX)) ids.push(id.slice(ANCHOR_PREFIX.length))
  }
  return ids
}

/**
 * Which page each memory starts on, learnt as the PDF writer builds the pages. The writer lays the
 * document out twice, the second time knowing the number of pages; only that round's pages are
 * final, so only they are noted (the first round's, and the measuring of an empty page, are not).
 * The page layout notes each page as it is built, before the index's pages: the index reads the
 * pages complete.
 */
export interface AlbumPages {
  /** Notes a built page; answers the memory the page continues, if it starts inside one. */
  notePage(page: { pageNumber: number; totalPages?: number }, children: ReactNode): string | null
  firstPage(memoryId: string): number | undefined
}

export function createAlbumPages(): AlbumPages {
  const starts = new Map<string, number>()
  return {
    notePage({ pageNumber, totalPages }, children) {
      if (totalPages === undefined) return null
      const ids = memoriesOnPage(children)
      for (const id of ids) if (!starts.has(id)) starts.set(id, pageNumber)
      const first = ids[0]
      return first !== undefined && starts.get(first)! < pageNumber ? first : null
    },
    firstPage: (memoryId) => starts.get(memoryId),
  }
}

import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { isFamilyAccessExpired, isFamilyCodeRequired } from '@/domains/book/api/api-error'
import { useBookAccess, type BookAccess } from '@/domains/book/api/get-book-access'
import { useBookCard, useReaderBookCard, type BookCard } from '@/domains/book/api/get-book-card'
import { useBookMemories } from '@/domains/reading/api/get-book-memories'
import type { MemoryRow } from '@/domains/memories/api/public-memories'
import { rememberFamilyAccess } from '@/domains/book/family-code/family-code-session'
import { useFamilyAccess } from '@/domains/book/family-code/useFamilyAccess'
import { readableMemories, type Memory } from '../../memories/lib/memory-model'
import { checkFamilyCode, type CodeCheckOutcome } from '@/domains/book/family-code/check-family-code'
import { readingKeys } from '@/domains/reading/api/reading-keys'

export interface ReadingOptions {
  /** A family code from the link (`?code=`), checked on arrival. */
  linkCode: string | null
  /** The family link's key (`?key=`), which opens the book even while typed codes are paused. */
  linkKey?: string | null
  /**
   * The slideshow's rule: only family may watch (a manager, a family code, or `?family=true` on a
   * public book); everyone else is denied instead of being shown the code gate.
   */
  familyOnly?: { familyFlag: boolean }
}

export type BookReading =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; retry: () => void }
  | { status: 'gate'; card: BookCard; failedCheck: CodeCheckOutcome | null; grant: (accessGrant: string) => void }
  | { status: 'denied'; card: BookCard }
  | {
      status: 'ready'
      card: BookCard
      access: BookAccess
      memories: Memory[]
      rows: MemoryRow[]
      /** The family access this tab holds (null for managers and public readers). */
      accessGrant: string | null
    }

const visitor: BookAccess = { canRead: false, canManage: false }

/**
 * Everything a reading screen (view book, slideshow, memory-book viewer) needs to open a book:
 * its card, who the reader is, the family access (a grant this tab holds, or one the server
 * gives for the link's or the gate's family code), and then the memories the server lets this
 * reader see. A grant the server no longer accepts is forgotten and the gate shown again.
 */
export function useBookReading(bookRef: string, { linkCode, linkKey = null, familyOnly }: ReadingOptions): BookReading {
  const cardQuery = useBookCard(bookRef)
  const card = cardQuery.data ?? undefined
  const accessQuery = useBookAccess(card?.id)
  const access = accessQuery.data ?? (accessQuery.isError ? visitor : undefined)

  const familyAccess = useFamilyAccess(card?.id)
  const candidateCode = familyAccess.grant ? null : linkCode?.trim() || null
  const needsCode = Boolean(card && access && !access.canRead && !card.is_public)
  const familyOnlyWithoutCode = Boolean(familyOnly && card && access && !access.canRead && !familyOnly.familyFlag)
  // A public book opens without a code; its family code still makes the reader family (the keepsakes).
  const codeMakesFamily = Boolean(card?.is_public && access && !access.canRead)

  const codeCheck = useQuery({
    queryKey: readingKeys.familyCodeCheck(card?.id, candidateCode, linkKey),
    // eslint-disable-next-line no-restricted-syntax -- no signal: the server counts each check as an attempt, so a started one is let finish
    queryFn: async () => {
      const outcome = await checkFamilyCode(card!.id, candidateCode!, linkKey)
      if (outcome.kind === 'granted') rememberFamilyAccess(card!.id, outcome.grant)
      return outcome
    },
    enabled: Boolean(card && candidateCode && (needsCode || familyOnlyWithoutCode || codeMakesFamily)),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })
  const checkedGrant = codeCheck.data?.kind === 'granted' ? codeCheck.data.grant : null
  const accessGrant = familyAccess.grant ?? checkedGrant
  const mayRead = Boolean(card && access && (access.canRead || accessGrant || (!needsCode && !familyOnlyWithoutCode)))
  const readerCard = useReaderBookCard(card, access?.canRead ? null : accessGrant, mayRead).data ?? card

  // A public book's memories are asked for with its card, while the reader's access is checked.
  const publicBook = Boolean(card?.is_public && !familyOnly && !accessGrant)
  const memoriesQuery = useBookMemories(card?.id, access?.canRead ? null : accessGrant, mayRead || publicBook)
  const expired = isFamilyAccessExpired(memoriesQuery.error)
  const grant = familyAccess.accept
  const rows = memoriesQuery.data
  const memories = useMemo(
    () => (rows ? readableMemories(rows, { includeHidden: access?.canManage ?? false }) : []),
    [rows, access?.canManage],
  )

  if (cardQuery.isError) return { status: 'error', retry: () => void cardQuery.refetch() }
  if (cardQuery.isPending || (card && !access)) return { status: 'loading' }
  if (!card || !access) return { status: 'not-found' }
  if (codeCheck.isFetching) return { status: 'loading' }
  if (!mayRead) {
    if (familyOnly) return { status: 'denied', card }
    return { status: 'gate', card, failedCheck: codeCheck.data ?? null, grant }
  }
  if (memoriesQuery.isError) {
    if ((isFamilyCodeRequired(memoriesQuery.error) || expired) && !familyOnly) {
      return { status: 'gate', card, failedCheck: null, grant }
    }
    if (expired) return { status: 'denied', card }
    return { status: 'error', retry: () => void memoriesQuery.refetch() }
  }
  if (!rows) return { status: 'loading' }
  return { status: 'ready', card: readerCard ?? card, access, memories, rows, accessGrant }
}

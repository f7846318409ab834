import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { isFamilyCodeRequired } from '../api/api-error'
import { useBookAccess, type BookAccess } from '../api/get-book-access'
import { useBookCard, type BookCard } from '../api/get-book-card'
import { useBookMemories, type MemoryRow } from '../api/get-book-memories'
import { forgetFamilyCode, recallFamilyCode, rememberFamilyCode } from '../lib/family-code-session'
import { readableMemories, type Memory } from '../lib/memory-model'
import { checkFamilyCode, type CodeCheckOutcome } from './check-family-code'

export interface ReadingOptions {
  /** A family code from the link (`?code=`), checked on arrival. */
  linkCode: string | null
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
  | { status: 'gate'; card: BookCard; failedCheck: CodeCheckOutcome | null; grant: (code: string) => void }
  | { status: 'denied'; card: BookCard }
  | {
      status: 'ready'
      card: BookCard
      access: BookAccess
      memories: Memory[]
      rows: MemoryRow[]
      familyCode: string | null
    }

const visitor: BookAccess = { canRead: false, canManage: false }

/**
 * Everything a reading screen (view book, slideshow, memory-book viewer) needs to open a book:
 * its card, who the reader is, the family code (from the link, this tab, or the gate) verified
 * by the server, and then the memories the server lets this reader see.
 */
export function useBookReading(bookRef: string, { linkCode, familyOnly }: ReadingOptions): BookReading {
  const cardQuery = useBookCard(bookRef)
  const card = cardQuery.data ?? undefined
  const accessQuery = useBookAccess(card?.id)
  const access = accessQuery.data ?? (accessQuery.isError ? visitor : undefined)

  const [grantedCode, setGrantedCode] = useState<string | null>(null)
  const storedCode = useMemo(() => (card ? recallFamilyCode(card.id) : null), [card])
  const candidateCode = grantedCode ? null : (linkCode?.trim() || storedCode)
  const needsCode = Boolean(card && access && !access.canRead && !card.is_public)
  const familyOnlyWithoutCode = Boolean(familyOnly && card && access && !access.canRead && !familyOnly.familyFlag)

  const codeCheck = useQuery({
    queryKey: ['family-code-check', card?.id, candidateCode],
    queryFn: async () => {
      const outcome = await checkFamilyCode(card!.id, candidateCode!)
      if (outcome.kind === 'granted') rememberFamilyCode(card!.id, outcome.code)
      else if (outcome.kind === 'wrong') forgetFamilyCode(card!.id)
      return outcome
    },
    enabled: Boolean(card && candidateCode && (needsCode || familyOnlyWithoutCode)),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })
  const checkedCode = codeCheck.data?.kind === 'granted' ? codeCheck.data.code : null
  const familyCode = grantedCode ?? checkedCode
  const mayRead = Boolean(
    card && access && (access.canRead || familyCode || (!needsCode && !familyOnlyWithoutCode)),
  )

  // A public book's memories are asked for with its card, while the reader's access is checked.
  const publicBook = Boolean(card?.is_public && !familyOnly && !familyCode)
  const memoriesQuery = useBookMemories(card?.id, access?.canRead ? null : familyCode, mayRead || publicBook)
  const grant = useCallback(
    (code: string) => {
      if (card) rememberFamilyCode(card.id, code)
      setGrantedCode(code)
    },
    [card],
  )
  const rows = memoriesQuery.data
  const memories = useMemo(
    () => (rows ? readableMemories(rows, { includeHidden: access?.canManage ?? false }) : []),
    [rows, access?.canManage],
  )

  if (cardQuery.isError) return { status: 'error', retry: () => void cardQuery.refetch() }
  if (cardQuery.isPending || (card && !access)) return { status: 'loading' }
  if (!card || !access) return { status: 'not-found' }
  if (!mayRead) {
    if (codeCheck.isFetching) return { status: 'loading' }
    if (familyOnly) return { status: 'denied', card }
    return { status: 'gate', card, failedCheck: codeCheck.data ?? null, grant }
  }
  if (memoriesQuery.isError) {
    if (isFamilyCodeRequired(memoriesQuery.error) && !familyOnly) {
      return { status: 'gate', card, failedCheck: null, grant }
    }
    return { status: 'error', retry: () => void memoriesQuery.refetch() }
  }
  if (!rows) return { status: 'loading' }
  return { status: 'ready', card, access, memories, rows, familyCode }
}

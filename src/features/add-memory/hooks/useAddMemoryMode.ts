import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useBookAccess } from '@/features/memories/api/get-book-access'
import { useBookCard, type BookCard } from '@/features/memories/api/get-book-card'
import { checkFamilyCode, type CodeCheckOutcome } from '@/features/memories/hooks/check-family-code'
import { forgetFamilyCode, recallFamilyCode, rememberFamilyCode } from '@/features/memories/lib/family-code-session'

export type AddMemoryMode =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; retry: () => void }
  | { status: 'unpaid'; card: BookCard }
  | { status: 'gate'; card: BookCard; failedCheck: CodeCheckOutcome | null; grant: (code: string) => void }
  | { status: 'form'; card: BookCard; asFamily: boolean; familyCode: string | null; forgetCode: () => void }

/**
 * Who is writing (spec 001 §2 Add memory): with `family=true` a family member, after the family
 * code gate unless `authorized=true` comes with a signed-in owner or family admin (the server
 * confirms it) or this tab already holds a verified code; otherwise a guest.
 */
export function useAddMemoryMode(bookRef: string, { family, authorized }: { family: boolean; authorized: boolean }): AddMemoryMode {
  const cardQuery = useBookCard(bookRef)
  const card = cardQuery.data ?? undefined
  const wantsFamily = family || authorized
  const accessQuery = useBookAccess(wantsFamily ? card?.id : undefined)
  const [grantedCode, setGrantedCode] = useState<string | null>(null)
  // Set when the server refused the code on saving: the tab's code is no longer trusted.
  const [codeRevoked, setCodeRevoked] = useState(false)
  const storedCode = useMemo(
    () => (card && wantsFamily && !codeRevoked ? recallFamilyCode(card.id) : null),
    [card, wantsFamily, codeRevoked],
  )
  const isManager = accessQuery.data?.canRead === true
  const candidate = wantsFamily && !isManager && !grantedCode ? storedCode : null

  const codeCheck = useQuery({
    queryKey: ['family-code-check', card?.id, candidate],
    queryFn: async () => {
      const outcome = await checkFamilyCode(card!.id, candidate!)
      if (outcome.kind === 'wrong') forgetFamilyCode(card!.id)
      return outcome
    },
    enabled: Boolean(card && candidate && accessQuery.isFetched),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })

  const grant = useCallback(
    (code: string) => {
      if (card) rememberFamilyCode(card.id, code)
      setGrantedCode(code)
    },
    [card],
  )
  const forgetCode = useCallback(() => {
    if (card) forgetFamilyCode(card.id)
    setGrantedCode(null)
    setCodeRevoked(true)
  }, [card])

  if (cardQuery.isError) return { status: 'error', retry: () => void cardQuery.refetch() }
  if (cardQuery.isPending) return { status: 'loading' }
  if (!card) return { status: 'not-found' }
  if (!card.is_paid) return { status: 'unpaid', card }
  if (!wantsFamily) return { status: 'form', card, asFamily: false, familyCode: null, forgetCode }
  if (accessQuery.isPending && !accessQuery.isError) return { status: 'loading' }
  if (isManager) return { status: 'form', card, asFamily: true, familyCode: null, forgetCode }
  const code = grantedCode ?? (codeCheck.data?.kind === 'granted' ? codeCheck.data.code : null)
  if (code) return { status: 'form', card, asFamily: true, familyCode: code, forgetCode }
  if (candidate && codeCheck.isFetching) return { status: 'loading' }
  const failedCheck: CodeCheckOutcome | null = codeRevoked ? { kind: 'wrong' } : (codeCheck.data ?? null)
  return { status: 'gate', card, failedCheck, grant }
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { useAuthSession } from '@/entities/user/session/useAuthSession'
import { getTypedSupabase } from '@/lib/supabase'
import {
  readLocalOnboardingAnswers,
  relationships,
  type OnboardingAnswers,
  type Relationship,
} from './onboarding-storage'

function isRelationship(value: string | null): value is Relationship {
  return relationships.some((relationship) => relationship === value)
}

/** The answers saved for this user (onboarding_data), or null when there are none. */
export async function fetchOnboardingData(userId: string): Promise<OnboardingAnswers | null> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase
    .from('onboarding_data')
    .select('relationship, deceased_name')
    .eq('user_id', userId)
    .maybeSingle()
  if (error) throw error
  const deceasedName = data?.deceased_name?.trim()
  if (!data || !deceasedName || !isRelationship(data.relationship)) return null
  return { relationship: data.relationship, deceasedName }
}

export const onboardingDataQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['onboarding', 'answers', userId],
    queryFn: () => fetchOnboardingData(userId),
  })

export interface SavedOnboardingData {
  /** The answers: the server's, else those kept in this browser (a save that failed); null when none. */
  answers: OnboardingAnswers | null
  isPending: boolean
}

/**
 * For the dashboard's resume mode (a returning user with onboarding answers and no book is offered
 * to continue) and for /create-book's defaults: the signed-in user's onboarding answers.
 */
export function useSavedOnboardingData(): SavedOnboardingData {
  const { session } = useAuthSession()
  const userId = session.user?.id
  const query = useQuery({ ...onboardingDataQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  return { answers: query.data ?? readLocalOnboardingAnswers(), isPending: Boolean(userId) && query.isPending }
}

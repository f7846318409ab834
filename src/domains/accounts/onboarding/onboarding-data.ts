import { queryOptions, useQuery } from '@tanstack/react-query'
import { accountKeys } from '@/domains/accounts/api/account-keys'
import { getSupabase } from '@/lib/supabase'
import { readLocalOnboardingAnswers } from './onboarding-storage'
import { toRefusal } from '@/lib/refusal'

export interface SavedOnboarding {
  deceasedName: string | null
  selectedPlan: string | null
}

/** What the browser kept when onboarding could not be saved. */
function storedOnboarding(): SavedOnboarding | null {
  const answers = readLocalOnboardingAnswers()
  return answers ? { deceasedName: answers.deceasedName, selectedPlan: null } : null
}

/** The signed-in user's saved onboarding answers (onboarding_data), else what the browser kept; null when none. */
async function fetchOnboardingData(userId: string, signal: AbortSignal): Promise<SavedOnboarding | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('onboarding_data')
    .select('deceased_name, selected_plan')
    .eq('user_id', userId)
    .abortSignal(signal)
    .maybeSingle()
  if (error) throw toRefusal(error)
  if (data?.deceased_name) return { deceasedName: data.deceased_name, selectedPlan: data.selected_plan }
  return storedOnboarding()
}

export function onboardingDataQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.onboarding(userId),
    queryFn: ({ signal }) => fetchOnboardingData(userId, signal),
  })
}

export function useOnboardingData(userId: string | undefined) {
  return useQuery({ ...onboardingDataQueryOptions(userId ?? ''), enabled: Boolean(userId) })
}

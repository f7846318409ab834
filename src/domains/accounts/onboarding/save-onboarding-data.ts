import { useMutation, useQueryClient } from '@tanstack/react-query'
import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'
import { onboardingDataQueryOptions } from './onboarding-data'
import type { OnboardingAnswers } from './onboarding-storage'
import { toRefusal } from '@/lib/refusal'

/**
 * Saves the wizard's answers for the signed-in user (upsert onboarding_data
 * {user_id, relationship, deceased_name}), retried on network failures.
 */
export async function saveOnboardingData(userId: string, answers: OnboardingAnswers): Promise<void> {
  const supabase = await getSupabase()
  await withNetworkRetry(async () => {
    const { error } = await supabase
      .from('onboarding_data')
      .upsert(
        { user_id: userId, relationship: answers.relationship, deceased_name: answers.deceasedName },
        { onConflict: 'user_id' },
      )
    if (error) throw toRefusal(error)
  })
}

export interface OnboardingSave {
  userId: string
  answers: OnboardingAnswers
}

/** Saves the answers; the screens that read them (create-book) then read the saved ones. */
export function useSaveOnboardingData() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, answers }: OnboardingSave) => saveOnboardingData(userId, answers),
    onSuccess: (_saved, { userId }) =>
      void queryClient.invalidateQueries({ queryKey: onboardingDataQueryOptions(userId).queryKey }),
  })
}

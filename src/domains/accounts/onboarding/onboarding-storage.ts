import { z } from 'zod'
import { readStorage, removeFromStorage, storageKeys, writeStorage } from '@/lib/browser-storage'
import { databaseValues } from '@/types/database-values'

/** Who the book is for, as the wizard's first step asks it. */
export const relationships = databaseValues.public.onboardingRelationships
export type Relationship = (typeof relationships)[number]

export interface OnboardingAnswers {
  relationship: Relationship
  deceasedName: string
}

const answersSchema = z.object({
  relationship: z.enum(relationships),
  deceasedName: z.string().trim().min(1),
})

/** The answers kept in this browser, or null. */
export function readLocalOnboardingAnswers(): OnboardingAnswers | null {
  try {
    const parsed = answersSchema.safeParse(JSON.parse(readStorage(storageKeys.onboardingData) ?? 'null'))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function saveLocalOnboardingAnswers(answers: OnboardingAnswers): void {
  writeStorage(storageKeys.onboardingData, JSON.stringify(answers))
}

export function clearLocalOnboardingAnswers(): void {
  removeFromStorage(storageKeys.onboardingData)
}

/** The wizard was finished signed out: registration then runs in its onboarding mode. */
const onboardingPlan = 'onboarding'

export function markOnboardingPlanSelected(): void {
  writeStorage(storageKeys.selectedPlan, onboardingPlan)
}

export function isOnboardingPlanSelected(): boolean {
  return readStorage(storageKeys.selectedPlan) === onboardingPlan
}

export function clearSelectedPlan(): void {
  removeFromStorage(storageKeys.selectedPlan)
}

import type { OnboardingAnswers, Relationship } from '@/domains/accounts/onboarding/onboarding-storage'

/*
 * The onboarding wizard's steps: 1 who the book is for, 2 the deceased's name,
 * 3 start. Next from 1 needs a relationship, from 2 a name that is not blank. Back goes one step
 * down; back on step 1 leaves the wizard (to the home page).
 */

export const wizardStepCount = 3
export type WizardStep = 1 | 2 | 3

export type WizardProblem = 'relationship' | 'name' | null

export interface WizardState {
  step: WizardStep
  relationship: Relationship | null
  deceasedName: string
  problem: WizardProblem
}

export type WizardAction =
  | { type: 'chooseRelationship'; relationship: Relationship }
  | { type: 'typeName'; name: string }
  | { type: 'next' }
  | { type: 'back' }

export function initialWizardState(saved: OnboardingAnswers | null = null): WizardState {
  return { step: 1, relationship: saved?.relationship ?? null, deceasedName: saved?.deceasedName ?? '', problem: null }
}

function problemAt(state: WizardState): WizardProblem {
  if (state.step === 1 && !state.relationship) return 'relationship'
  if (state.step === 2 && !state.deceasedName.trim()) return 'name'
  return null
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'chooseRelationship':
      return { ...state, relationship: action.relationship, problem: null }
    case 'typeName':
      return { ...state, deceasedName: action.name, problem: null }
    case 'next': {
      const problem = problemAt(state)
      if (problem) return { ...state, problem }
      return state.step < wizardStepCount ? { ...state, step: (state.step + 1) as WizardStep, problem: null } : state
    }
    case 'back':
      return state.step > 1 ? { ...state, step: (state.step - 1) as WizardStep, problem: null } : state
  }
}

/** Back on the first step leaves the wizard. */
export function backLeavesWizard(state: WizardState): boolean {
  return state.step === 1
}

/** The finished answers, or null while a step is still missing its answer. */
export function wizardAnswers(state: WizardState): OnboardingAnswers | null {
  const deceasedName = state.deceasedName.trim()
  return state.relationship && deceasedName ? { relationship: state.relationship, deceasedName } : null
}

/** Progress through the steps, 0–100, for the progress bar. */
export function wizardProgress(step: WizardStep): number {
  return Math.round((step / wizardStepCount) * 100)
}

import { describe, expect, it } from 'vitest'
import {
  backLeavesWizard,
  initialWizardState,
  wizardAnswers,
  wizardProgress,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard'

function run(actions: WizardAction[], start: WizardState = initialWizardState()): WizardState {
  return actions.reduce(wizardReducer, start)
}

describe('the onboarding wizard', () => {
  it('starts on step 1 with nothing chosen, or with the answers kept in the browser', () => {
    expect(initialWizardState()).toEqual({ step: 1, relationship: null, deceasedName: '', problem: null })
    expect(initialWizardState({ relationship: 'friend', deceasedName: 'רון' })).toMatchObject({
      step: 1,
      relationship: 'friend',
      deceasedName: 'רון',
    })
  })

  it.each([
    ['1 → 2 needs a relationship', [{ type: 'next' }], { step: 1, problem: 'relationship' }],
    [
      '1 → 2 with a relationship',
      [{ type: 'chooseRelationship', relationship: 'sibling' }, { type: 'next' }],
      { step: 2, problem: null },
    ],
    [
      '2 → 3 needs a name that is not blank',
      [
        { type: 'chooseRelationship', relationship: 'sibling' },
        { type: 'next' },
        { type: 'typeName', name: '   ' },
        { type: 'next' },
      ],
      { step: 2, problem: 'name' },
    ],
    [
      '2 → 3 with a name',
      [
        { type: 'chooseRelationship', relationship: 'sibling' },
        { type: 'next' },
        { type: 'typeName', name: 'דוד' },
        { type: 'next' },
      ],
      { step: 3, problem: null },
    ],
    [
      'choosing clears the problem',
      [{ type: 'next' }, { type: 'chooseRelationship', relationship: 'other' }],
      { step: 1, problem: null, relationship: 'other' },
    ],
    [
      'back goes 2 → 1, keeping the choice',
      [{ type: 'chooseRelationship', relationship: 'parent' }, { type: 'next' }, { type: 'back' }],
      { step: 1, relationship: 'parent' },
    ],
    [
      'back goes 3 → 2, keeping the name',
      [
        { type: 'chooseRelationship', relationship: 'parent' },
        { type: 'next' },
        { type: 'typeName', name: 'דוד' },
        { type: 'next' },
        { type: 'back' },
      ],
      { step: 2, deceasedName: 'דוד' },
    ],
    [
      'next on the last step stays there',
      [
        { type: 'chooseRelationship', relationship: 'parent' },
        { type: 'next' },
        { type: 'typeName', name: 'דוד' },
        { type: 'next' },
        { type: 'next' },
      ],
      { step: 3 },
    ],
  ] as const)('%s', (_label, actions, expected) => {
    expect(run([...actions] as WizardAction[])).toMatchObject(expected)
  })

  it('back on step 1 leaves the wizard (to the home page); on other steps it does not', () => {
    expect(backLeavesWizard(initialWizardState())).toBe(true)
    expect(backLeavesWizard(run([{ type: 'chooseRelationship', relationship: 'parent' }, { type: 'next' }]))).toBe(
      false,
    )
    expect(run([{ type: 'back' }])).toEqual(initialWizardState())
  })

  it('gives the trimmed answers only when both are there', () => {
    expect(wizardAnswers(initialWizardState())).toBeNull()
    expect(wizardAnswers(run([{ type: 'chooseRelationship', relationship: 'spouse' }]))).toBeNull()
    expect(
      wizardAnswers(
        run([
          { type: 'chooseRelationship', relationship: 'spouse' },
          { type: 'typeName', name: '  אבי כהן ' },
        ]),
      ),
    ).toEqual({
      relationship: 'spouse',
      deceasedName: 'אבי כהן',
    })
  })

  it('fills the progress bar a third per step', () => {
    expect([1, 2, 3].map((step) => wizardProgress(step as 1 | 2 | 3))).toEqual([33, 67, 100])
  })
})

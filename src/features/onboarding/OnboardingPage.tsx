import { useEffect, useReducer, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { useSettledAuthSession } from '@/domains/accounts/session/useAuthSession'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { useSaveOnboardingData } from '@/domains/accounts/onboarding/save-onboarding-data'
import { NameStep } from './components/NameStep'
import { RelationshipStep } from './components/RelationshipStep'
import { StartStep } from './components/StartStep'
import { WizardProgress } from './components/WizardProgress'
import {
  clearLocalOnboardingAnswers,
  markOnboardingPlanSelected,
  readLocalOnboardingAnswers,
  saveLocalOnboardingAnswers,
  type OnboardingAnswers,
} from '@/domains/accounts/onboarding/onboarding-storage'
import { backLeavesWizard, initialWizardState, wizardAnswers, wizardReducer } from './wizard'

/**
 * /onboarding: three steps, then — signed in — the answers are saved
 * (onboarding_data) and the book is created at /create-book; a failed save keeps them in
 * this browser and goes on. Signed out, they are kept here and registration follows (onboarding mode).
 */
export default function OnboardingPage() {
  const [state, dispatch] = useReducer(wizardReducer, null, () => initialWizardState(readLocalOnboardingAnswers()))
  const save = useSaveOnboardingData()
  // Saved or not, the wizard moves on to the next screen: it stays busy until then.
  const saving = !save.isIdle
  const { session, settled } = useSettledAuthSession()
  const navigate = useNavigate()
  const stepRef = useRef<HTMLDivElement>(null)
  const isFirstRender = useRef(true)

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false
      return
    }
    if (state.step !== 2) stepRef.current?.querySelector<HTMLElement>('h2')?.focus()
  }, [state.step])

  const goBack = () => (backLeavesWizard(state) ? navigate('/') : dispatch({ type: 'back' }))
  const goNext = () => dispatch({ type: 'next' })

  const finishSignedIn = (userId: string, answers: OnboardingAnswers) =>
    save.mutate(
      { userId, answers },
      {
        onSuccess: () => clearLocalOnboardingAnswers(),
        onError: (error) => {
          console.warn('saving the onboarding answers failed; they stay in this browser', error)
          saveLocalOnboardingAnswers(answers)
          toast.warning(t('onboarding.start.saveFailed'))
        },
        onSettled: () => navigate('/create-book'),
      },
    )

  const finish = () => {
    const answers = wizardAnswers(state)
    if (!answers) return
    if (session.status === 'signed-in') {
      finishSignedIn(session.user.id, answers)
      return
    }
    saveLocalOnboardingAnswers(answers)
    markOnboardingPlanSelected()
    navigate('/register')
  }

  const problemText =
    state.problem === 'relationship'
      ? t('onboarding.relationship.required')
      : state.problem === 'name'
        ? t('onboarding.name.required')
        : undefined

  return (
    <div className="bg-linear-to-b from-plum-50/70 to-canvas">
      <Container width="narrow" className="flex justify-center py-8 md:py-14">
        <Card className="w-full max-w-lg p-6 md:p-8">
          <h1 className="font-serif text-lg font-bold text-ink-muted">{t('onboarding.title')}</h1>
          <div className="mt-3">
            <WizardProgress step={state.step} />
          </div>
          <div ref={stepRef} className="mt-7 [&_h2]:outline-none" key={state.step}>
            {state.step === 1 && (
              <RelationshipStep
                value={state.relationship}
                onChange={(relationship) => dispatch({ type: 'chooseRelationship', relationship })}
                error={problemText}
              />
            )}
            {state.step === 2 && (
              <NameStep
                value={state.deceasedName}
                onChange={(name) => dispatch({ type: 'typeName', name })}
                onSubmit={goNext}
                error={problemText}
              />
            )}
            {state.step === 3 && <StartStep deceasedName={state.deceasedName} />}
          </div>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="secondary" size="lg" onClick={goBack} disabled={saving} className="sm:min-w-32">
              {t('onboarding.back')}
            </Button>
            {state.step < 3 ? (
              <Button size="lg" onClick={goNext} className="sm:min-w-40">
                {t('onboarding.next')}
              </Button>
            ) : (
              <Button size="lg" onClick={finish} disabled={saving || !settled} className="sm:min-w-40">
                {saving ? t('onboarding.start.saving') : t('onboarding.start.cta')}
              </Button>
            )}
          </div>
        </Card>
      </Container>
    </div>
  )
}

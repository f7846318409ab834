import { Container } from '@/components/ui/Container'
import { t, type PlainTranslationKey } from '@/i18n/he'
import { SectionHeading } from './SectionHeading'

interface Step {
  title: PlainTranslationKey
  text: PlainTranslationKey
}

const steps: readonly Step[] = [
  { title: 'landing.steps.create.title', text: 'landing.steps.create.text' },
  { title: 'landing.steps.link.title', text: 'landing.steps.link.text' },
  { title: 'landing.steps.share.title', text: 'landing.steps.share.text' },
]

export function HowItWorksSteps() {
  return (
    <section
      aria-labelledby="steps-title"
      className="render-near-screen border-y border-line bg-surface py-16 md:py-24"
    >
      <Container>
        <SectionHeading id="steps-title" title={t('landing.steps.title')} lead={t('landing.steps.lead')} />
        <ol className="mx-auto mt-12 grid max-w-4xl gap-10 md:grid-cols-3 md:gap-8">
          {steps.map(({ title, text }, index) => (
            <li key={title} className="flex flex-col items-center text-center">
              <span
                aria-label={t('landing.steps.stepLabel', { number: index + 1 })}
                className="flex size-14 items-center justify-center rounded-full border border-gold-300 bg-gold-50 font-serif text-2xl font-bold text-gold-700"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-xl font-bold text-ink">{t(title)}</h3>
              <p className="mt-2 max-w-xs leading-relaxed text-ink-soft">{t(text)}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  )
}

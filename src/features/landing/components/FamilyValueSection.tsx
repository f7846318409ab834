import type { ComponentType, SVGProps } from 'react'
import { BookIcon, HeartLockIcon, InfinityIcon, VoicesIcon } from '@/components/ui/icons'
import { Container } from '@/components/ui/Container'
import { t, type PlainTranslationKey } from '@/i18n/he'
import { SectionHeading } from './SectionHeading'

interface FamilyValue {
  title: PlainTranslationKey
  text: PlainTranslationKey
  Icon: ComponentType<SVGProps<SVGSVGElement>>
}

const familyValues: readonly FamilyValue[] = [
  { title: 'landing.gives.together.title', text: 'landing.gives.together.text', Icon: BookIcon },
  { title: 'landing.gives.voices.title', text: 'landing.gives.voices.text', Icon: VoicesIcon },
  { title: 'landing.gives.forever.title', text: 'landing.gives.forever.text', Icon: InfinityIcon },
  { title: 'landing.gives.family.title', text: 'landing.gives.family.text', Icon: HeartLockIcon },
]

export function FamilyValueSection() {
  return (
    <section aria-labelledby="family-value-title" className="pt-12 pb-16 md:pt-16 md:pb-24">
      <Container>
        <SectionHeading id="family-value-title" title={t('landing.gives.title')} lead={t('landing.gives.lead')} />
        <ul className="mt-12 grid gap-5 md:grid-cols-2">
          {familyValues.map(({ title, text, Icon }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-line bg-surface p-6 shadow-soft">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-plum-50 text-plum-700">
                <Icon className="size-6" />
              </span>
              <div>
                <h3 className="text-xl font-bold text-ink">{t(title)}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}

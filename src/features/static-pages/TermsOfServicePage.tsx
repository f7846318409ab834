import { brandParams } from '@/config/brand'
import { informationPagesStrings as he, tInfo as t } from '@/i18n/information-pages'
import { NumberedSections, type NumberedSection } from './NumberedSections'
import { StaticPageLayout } from './StaticPageLayout'
import { SupportEmailLink } from './SupportEmailLink'

type ClauseId = keyof typeof he.terms.clauses

const clauseIds = Object.keys(he.terms.clauses) as ClauseId[]

function termsClauses(): NumberedSection[] {
  return clauseIds.map((id) => ({
    id,
    title: t(`terms.clauses.${id}.title`),
    text: t(`terms.clauses.${id}.text`, brandParams),
  }))
}

export default function TermsOfServicePage() {
  return (
    <StaticPageLayout title={t('terms.title')} lead={t('terms.lead')}>
      <NumberedSections sections={termsClauses()} />
      <section
        aria-labelledby="terms-contact"
        className="mt-12 rounded-2xl border border-line bg-surface p-6 shadow-soft"
      >
        <h2 id="terms-contact" className="text-xl font-bold text-ink md:text-2xl">
          {t('terms.contact.title')}
        </h2>
        <p className="mt-3 text-lg leading-relaxed text-ink-soft">
          {t('terms.contact.text')} <SupportEmailLink />
        </p>
        <p className="mt-2 text-lg leading-relaxed text-ink-soft">{t('terms.contact.hours')}</p>
        <p className="mt-2 text-lg leading-relaxed text-ink-soft">{t('terms.contact.urgent')}</p>
      </section>
    </StaticPageLayout>
  )
}

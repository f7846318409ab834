import { brandParams } from '@/config/brand'
import { informationPagesStrings as he, tInfo as t } from '@/i18n/information-pages'
import { NumberedSections, type NumberedSection } from './NumberedSections'
import { StaticPageLayout } from './StaticPageLayout'

type PointId = keyof typeof he.privacy.points

const pointIds = Object.keys(he.privacy.points) as PointId[]

function privacyPoints(): NumberedSection[] {
  return pointIds.map((id) => ({
    id,
    title: t(`privacy.points.${id}.title`),
    text: t(`privacy.points.${id}.text`, brandParams),
  }))
}

export default function PrivacyPolicyPage() {
  return (
    <StaticPageLayout title={t('privacy.title')} lead={t('privacy.lead')}>
      <NumberedSections sections={privacyPoints()} />
    </StaticPageLayout>
  )
}

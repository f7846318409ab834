import { Spinner } from '@/components/ui/Spinner'
import { t } from '@/i18n/he'

export function PageLoading() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <Spinner label={t('common.pageLoading')} />
    </div>
  )
}

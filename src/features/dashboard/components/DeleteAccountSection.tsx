import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { tDashboard as t } from '@/i18n/dashboard'

const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog'))

/** The last section of the personal area: deleting the account, behind a dialog that loads when asked. */
export function DeleteAccountSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false)
  return (
    <section
      aria-labelledby="delete-account-title"
      className="flex flex-col items-start gap-3 border-t border-line pt-8"
    >
      <h2 id="delete-account-title" className="font-sans text-lg font-bold text-ink">
        {t('account.title')}
      </h2>
      <p className="text-ink-soft">{t('account.hint')}</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('account.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DeleteAccountDialog email={email} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  )
}

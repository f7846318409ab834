import { useEffect } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { useTimePassed } from '../hooks/useTimePassed'
import { EmailAddress } from './EmailAddress'
import { spamHintDelayMs, successDialogAutoCloseMs } from '../timing'

export interface SignUpSuccessDialogProps {
  email: string
  /** When the account was created (Date.now()): the spam advice shows 20 s later. */
  signedUpAt: number
  onClose: () => void
}

/** After sign-up: the address the e-mail went to; closes itself after 6 s. */
export function SignUpSuccessDialog({ email, signedUpAt, onClose }: SignUpSuccessDialogProps) {
  const showSpamHint = useTimePassed(signedUpAt, spamHintDelayMs)

  useEffect(() => {
    const timer = window.setTimeout(onClose, successDialogAutoCloseMs)
    return () => window.clearTimeout(timer)
  }, [onClose])

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle className="pe-10 text-2xl">{t('register.success.title')}</DialogTitle>
        <DialogDescription className="mt-3">{t('register.success.text')}</DialogDescription>
        <EmailAddress email={email} className="mt-2 text-lg text-plum-800" />
        <p className="mt-3 leading-relaxed text-ink-soft">{t('register.success.instructions')}</p>
        {showSpamHint && (
          <p className="mt-3 rounded-xl bg-gold-50 px-4 py-3 text-ink">{t('register.success.spamHint')}</p>
        )}
        <Button size="lg" className="mt-6 w-full" onClick={onClose}>
          {t('register.success.continue')}
        </Button>
      </DialogContent>
    </Dialog>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card, CardDescription, CardTitle } from '@/components/ui/Card'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { refusalMessage } from '@/lib/refusal'
import { withHonorific } from '@shared/honorific.ts'
import { useBookTransfers, useInviteTransfer } from './ownership-transfers'
import { transferSchema, type TransferValues } from './transfer'
import { LinkShareCard } from './LinkShareCard'
import { TransferRequestList } from './TransferRequestList'

/**
 * The management dashboard's ownership transfer: invite someone by e-mail (they get the link; it
 * is also shown to copy or send), and the book's open requests to withdraw, approve or decline.
 */
export function OwnershipTransferCard({ bookId, deceasedName }: { bookId: string; deceasedName: string }) {
  const requests = useBookTransfers(bookId)
  const invite = useInviteTransfer()
  const [sent, setSent] = useState<{ email: string; link: string } | null>(null)
  const form = useForm<TransferValues>({ resolver: zodResolver(transferSchema), defaultValues: { email: '' } })
  const emailError = form.formState.errors.email?.message

  const submit = ({ email }: TransferValues) =>
    invite.mutate(
      { bookId, email },
      {
        onSuccess: (created) => {
          setSent({ email, link: created.link })
          form.reset()
        },
        onError: (error) => toast.error(refusalMessage(error, t('transfer.failed'))),
      },
    )
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)
  const open = requests.data ?? []

  return (
    <section aria-labelledby="transfer-title" className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4">
        <CardTitle id="transfer-title">{t('transfer.title')}</CardTitle>
        <CardDescription>{t('transfer.lead')}</CardDescription>
        {open.length > 0 && (
          <div className="flex flex-col gap-1">
            <h3 className="font-bold text-ink">{t('transfer.requestsTitle')}</h3>
            <TransferRequestList requests={open} />
          </div>
        )}
        {open.length === 0 && (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <Field label={t('transfer.email')} error={emailError}>
              {(control) => (
                <Input
                  {...control}
                  aria-invalid={Boolean(emailError)}
                  {...form.register('email')}
                  type="email"
                  inputMode="email"
                  dir="ltr"
                  className="text-end"
                />
              )}
            </Field>
            <Button type="submit" variant="secondary" disabled={invite.isPending}>
              {invite.isPending ? t('transfer.submitting') : t('transfer.submit')}
            </Button>
          </form>
        )}
      </Card>
      {sent && (
        <LinkShareCard
          title={t('transfer.sent', { email: sent.email })}
          text={t('transfer.sentText')}
          link={sent.link}
          linkLabel={t('transfer.title')}
          whatsappText={t('transfer.whatsappText', { deceased: withHonorific(deceasedName), link: sent.link })}
        />
      )}
    </section>
  )
}

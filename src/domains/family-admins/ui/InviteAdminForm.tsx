import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card, CardTitle } from '@/components/ui/Card'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { withHonorific } from '@shared/honorific.ts'
import { refusalMessage } from '@/lib/refusal'
import { useCreateAdminInvitation } from '../api/book-admins'
import { familyAdminRegisterUrl } from '../lib/links'
import { inviteAdminSchema, type InviteAdminValues } from '../schemas/invite-admin'
import { LinkShareCard } from '@/domains/family-admins/ownership-transfer'

interface MadeLink {
  name: string
  link: string
}

/** The invitation form; once made, the link to pass on (copy, WhatsApp). */
export function InviteAdminForm({ bookId, deceasedName }: { bookId: string; deceasedName: string }) {
  const [made, setMade] = useState<MadeLink | null>(null)
  const create = useCreateAdminInvitation(bookId)
  const form = useForm<InviteAdminValues>({
    resolver: zodResolver(inviteAdminSchema),
    defaultValues: { adminName: '', contact: '' },
  })
  const { errors } = form.formState
  const requiredError = errors.adminName?.message ?? errors.contact?.message

  const submit = (values: InviteAdminValues) =>
    create.mutate(
      { bookId, ...values },
      {
        onSuccess: (invitation) => {
          const link = familyAdminRegisterUrl(window.location.origin, {
            token: invitation.token,
            bookRef: invitation.short_code,
          })
          setMade({ name: values.adminName, link })
          form.reset()
        },
        onError: (error) => toast.error(refusalMessage(error, t('add.addFailed'))),
      },
    )
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)

  return (
    <>
      {made && (
        <LinkShareCard
          title={t('add.linkTitle', { name: made.name })}
          text={t('add.linkText', { name: made.name })}
          link={made.link}
          linkLabel={t('add.linkLabel')}
          whatsappText={t('add.whatsappText', {
            name: made.name,
            deceased: withHonorific(deceasedName),
            link: made.link,
          })}
        />
      )}
      <Card>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <CardTitle>{t('add.formTitle')}</CardTitle>
          {requiredError && (
            <p role="alert" className="font-medium text-danger-600">
              {requiredError}
            </p>
          )}
          <Field label={t('add.fullName')}>
            {(control) => (
              <Input
                {...control}
                aria-invalid={Boolean(errors.adminName)}
                {...form.register('adminName')}
                autoComplete="name"
              />
            )}
          </Field>
          <Field label={t('add.contact')}>
            {(control) => (
              <Input
                {...control}
                aria-invalid={Boolean(errors.contact)}
                {...form.register('contact')}
                dir="ltr"
                className="text-end"
                autoComplete="email"
              />
            )}
          </Field>
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? t('add.submitting') : t('add.submit')}
          </Button>
        </form>
      </Card>
    </>
  )
}

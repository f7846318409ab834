import { useState, type ComponentProps } from 'react'
import { Input } from '@/components/ui/Input'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'

/** A password field with a show / hide switch (typing blind on a phone is easy to get wrong). */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pe-20" />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-pressed={visible}
        className="absolute inset-y-1.5 end-1.5 rounded-lg px-3 text-sm font-medium text-plum-700 hover:bg-plum-50 focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none"
      >
        {visible ? t('common.hidePassword') : t('common.showPassword')}
        <span className="sr-only"> {t('common.passwordToggleObject')}</span>
      </button>
    </div>
  )
}

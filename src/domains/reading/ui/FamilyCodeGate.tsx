import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Input } from '@/components/ui/Input'
import { Label } from '@/components/ui/Label'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { useCheckFamilyCode, type CodeCheckOutcome } from '@/domains/book/family-code/check-family-code'
import { isFamilyCodeLength, normaliseFamilyCode } from '@/domains/book/family-code/family-code-session'
import { EyeIcon, EyeOffIcon, LockIcon } from '@/components/ui/media-icons'

export interface FamilyCodeGateProps {
  /** The book's short id or uuid. */
  bookRef: string
  title: string
  text: string
  /** The outcome of a code that came with the link and was refused, shown as the first error. */
  initialFailure?: CodeCheckOutcome | null
  /** Wrong-code description for the toast (the view says 'check the code', add-memory 'the code is wrong'). */
  wrongCodeText?: string
  /** Called with the access grant the server answered for the right code. */
  onGranted: (grant: string) => void
  children?: ReactNode
}

function failureMessage(outcome: CodeCheckOutcome | null | undefined): string | null {
  if (!outcome || outcome.kind === 'granted') return null
  if (outcome.kind === 'wrong') return t('gate.wrongTitle')
  if (outcome.kind === 'locked') return outcome.message || t('gate.locked')
  if (outcome.kind === 'paused') return outcome.message || t('gate.paused')
  return t('gate.failed')
}

/**
 * The family-code gate: a password-style field with show/hide, accepting exactly 4 or 6
 * characters; the server checks the code (and locks the book's code after 10 wrong tries).
 */
export function FamilyCodeGate({
  bookRef,
  title,
  text,
  initialFailure,
  wrongCodeText,
  onGranted,
  children,
}: FamilyCodeGateProps) {
  const fieldId = useId()
  const [code, setCode] = useState('')
  const [visible, setVisible] = useState(false)
  const check = useCheckFamilyCode()
  const checking = check.isPending
  const [error, setError] = useState<string | null>(() => failureMessage(initialFailure))
  // A paused book is no one's mistake: its message is a calm note, not an error.
  const [paused, setPaused] = useState(initialFailure?.kind === 'paused')

  const answered = (outcome: CodeCheckOutcome) => {
    if (outcome.kind === 'granted') {
      toast.success(t('gate.granted'))
      onGranted(outcome.grant)
      return
    }
    setError(failureMessage(outcome))
    setPaused(outcome.kind === 'paused')
    if (outcome.kind === 'wrong')
      toast.error(t('gate.wrongTitle'), { description: wrongCodeText ?? t('gate.wrongText') })
    if (outcome.kind === 'locked') toast.error(failureMessage(outcome))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (normaliseFamilyCode(code) === '') {
      setError(t('gate.empty'))
      return
    }
    if (!isFamilyCodeLength(code) || checking) return
    check.mutate({ bookRef, code }, { onSuccess: answered })
  }

  return (
    <Card className="mx-auto w-full max-w-md text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-plum-50 text-plum-700">
        <LockIcon className="size-7" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-ink">{title}</h1>
      <p className="mt-2 leading-relaxed text-ink-soft">{text}</p>
      <form onSubmit={submit} className="mt-6 flex flex-col gap-3 text-start" noValidate>
        <Label htmlFor={fieldId}>{t('gate.label')}</Label>
        <div className="relative">
          <Input
            id={fieldId}
            type={visible ? 'text' : 'password'}
            value={code}
            onChange={(event) => {
              setCode(normaliseFamilyCode(event.target.value).slice(0, 6))
              setError(null)
              setPaused(false)
            }}
            maxLength={6}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            aria-invalid={Boolean(error) && !paused}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
            className="pe-14 text-center text-xl tracking-[0.4em]"
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? t('gate.hide') : t('gate.show')}
            aria-pressed={visible}
            className="absolute inset-y-1 end-1 inline-flex w-11 items-center justify-center rounded-lg text-ink-muted hover:bg-stone-100 hover:text-ink focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none"
          >
            {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        </div>
        <p id={`${fieldId}-hint`} className="text-sm text-ink-muted">
          {t('gate.hint')}
        </p>
        {error &&
          (paused ? (
            <p id={`${fieldId}-error`} role="status" className="rounded-lg bg-plum-50 p-3 leading-relaxed text-ink">
              {error}
            </p>
          ) : (
            <p id={`${fieldId}-error`} role="alert" className="text-sm font-medium text-danger-600">
              {error}
            </p>
          ))}
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={!isFamilyCodeLength(code) || checking}>
          {checking ? t('gate.checking') : t('gate.submit')}
        </Button>
      </form>
      {children}
    </Card>
  )
}

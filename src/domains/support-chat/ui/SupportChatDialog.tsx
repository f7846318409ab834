import { QUESTION_MAX } from '@contracts/limits.ts'
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import { Button } from '@/components/ui/Button'
import { DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { CloseIcon } from '@/components/ui/icons'
import { Input } from '@/components/ui/Input'
import { brandParams } from '@/config/brand'
import { t } from '@/i18n/he'
import { tSupportChat } from '@/domains/support-chat/strings/support-chat'
import { cn } from '@/lib/cn'
import { refusalMessage } from '@/lib/refusal'
import { queryClient } from '@/lib/query-client'
import type { ChatSessionKey } from '@contracts/support-chat.ts'
import { useAskSupportChat } from '../api/ask-support-chat'
import { SupportChatRating } from './SupportChatRating'
import { SupportEmailOffer } from './SupportEmailOffer'

interface ChatLine {
  id: number
  from: 'visitor' | 'assistant'
  text: string
}

const suggestionKeys = ['pricing', 'process', 'familyCode', 'gift'] as const

function failureMessage(error: unknown): string {
  return refusalMessage(error, tSupportChat('failed'))
}

function ChatBubble({ line }: { line: ChatLine }) {
  const fromVisitor = line.from === 'visitor'
  return (
    <li className={cn('flex', fromVisitor ? 'justify-start' : 'justify-end')}>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2.5 leading-relaxed',
          fromVisitor ? 'rounded-ss-md bg-plum-700 text-white' : 'rounded-se-md bg-stone-100 text-ink',
        )}
      >
        <span className="sr-only">{tSupportChat(fromVisitor ? 'you' : 'assistant')}: </span>
        <span dir="auto">{line.text}</span>
      </p>
    </li>
  )
}

export interface SupportChatDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where focus goes back when the chat closes (the button that opened it). */
  returnFocusTo: RefObject<HTMLElement | null>
}

/** The chat is also shown on public pages, outside the app's data layout: it brings the app's query client. */
export default function SupportChatDialog(props: SupportChatDialogProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SupportChat {...props} />
    </QueryClientProvider>
  )
}

/** The conversation so far, the question being typed, and asking it (the answer and the session come back). */
function useSupportConversation(inputRef: RefObject<HTMLInputElement | null>) {
  const [lines, setLines] = useState<ChatLine[]>(() => [
    { id: 0, from: 'assistant', text: tSupportChat('welcome', brandParams) },
  ])
  const [session, setSession] = useState<ChatSessionKey | null>(null)
  const [draft, setDraft] = useState('')
  const [tooLong, setTooLong] = useState(false)
  const question = useAskSupportChat()
  const isSending = question.isPending
  const error = tooLong
    ? tSupportChat('tooLong', { max: QUESTION_MAX })
    : question.error
      ? failureMessage(question.error)
      : null

  const ask = (typed: string) => {
    const text = typed.trim()
    if (!text || isSending) return
    if (text.length > QUESTION_MAX) {
      setTooLong(true)
      return
    }
    setTooLong(false)
    question.mutate(
      { text, session },
      {
        onSuccess: (reply) => {
          setSession(reply.session)
          setLines((current) => [
            ...current,
            { id: current.length, from: 'visitor', text },
            { id: current.length + 1, from: 'assistant', text: reply.answer },
          ])
          setDraft('')
        },
        onSettled: () => inputRef.current?.focus(),
      },
    )
  }

  return { lines, session, draft, setDraft, error, isSending, ask }
}

function ChatHeader() {
  return (
    <header className="flex items-start gap-3 border-b border-line px-5 pt-4 pb-3">
      <div className="flex-1">
        <DialogTitle className="text-lg">{tSupportChat('title')}</DialogTitle>
        <DialogDescription className="text-sm">{tSupportChat('description')}</DialogDescription>
      </div>
      <DialogPrimitive.Close
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-stone-100 hover:text-ink focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none"
        aria-label={t('common.close')}
      >
        <CloseIcon className="size-5" />
      </DialogPrimitive.Close>
    </header>
  )
}

/** The questions offered before the first one is asked. */
function ChatSuggestions({ disabled, onAsk }: { disabled: boolean; onAsk: (question: string) => void }) {
  return (
    <div className="mt-4">
      <h3 className="sr-only">{tSupportChat('suggestionsLabel')}</h3>
      <ul className="flex flex-wrap gap-2">
        {suggestionKeys.map((key) => (
          <li key={key}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(tSupportChat(`suggestions.${key}`))}
              className="rounded-full border border-plum-200 bg-surface px-3.5 py-1.5 text-sm text-plum-800 transition-colors hover:border-plum-300 hover:bg-plum-50 focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none disabled:opacity-55"
            >
              {tSupportChat(`suggestions.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

interface QuestionFormProps {
  inputRef: RefObject<HTMLInputElement | null>
  draft: string
  onDraftChange: (draft: string) => void
  error: string | null
  isSending: boolean
  onAsk: (question: string) => void
}

function QuestionForm({ inputRef, draft, onDraftChange, error, isSending, onAsk }: QuestionFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onAsk(draft)
  }
  return (
    <form onSubmit={submit} className="border-t border-line px-5 pt-3 pb-4" noValidate>
      <label htmlFor="support-chat-question" className="sr-only">
        {tSupportChat('inputLabel')}
      </label>
      <div className="flex items-center gap-2">
        <Input
          ref={inputRef}
          id="support-chat-question"
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          placeholder={tSupportChat('inputPlaceholder')}
          maxLength={QUESTION_MAX}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'support-chat-error' : undefined}
        />
        <Button type="submit" disabled={isSending || draft.trim() === ''} className="shrink-0">
          {tSupportChat('send')}
        </Button>
      </div>
      {error && (
        <p id="support-chat-error" role="alert" className="mt-2 text-sm text-danger-700">
          {error}
        </p>
      )}
      <div className="mt-3">
        <SupportEmailOffer />
      </div>
    </form>
  )
}

/** The support chat: questions answered by the support-chat function, a rating, the support address. */
function SupportChat({ open, onOpenChange, returnFocusTo }: SupportChatDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const endRef = useRef<HTMLLIElement>(null)
  const { lines, session, draft, setDraft, error, isSending, ask } = useSupportConversation(inputRef)

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [lines, isSending])

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/30 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
        <DialogPrimitive.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            inputRef.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-2xl bg-surface text-ink shadow-soft focus:outline-none data-[state=open]:animate-fade-in sm:end-4 sm:bottom-4 sm:start-auto sm:w-[24rem] sm:rounded-2xl"
        >
          <ChatHeader />
          <div className="flex-1 overflow-y-auto px-5 py-4">
            <ol
              className="flex flex-col gap-3"
              role="log"
              aria-live="polite"
              aria-label={tSupportChat('conversationLabel')}
            >
              {lines.map((line) => (
                <ChatBubble key={line.id} line={line} />
              ))}
              {isSending && (
                <li className="flex justify-end">
                  <p className="rounded-2xl bg-stone-100 px-4 py-2.5 text-ink-muted">{tSupportChat('sending')}</p>
                </li>
              )}
              <li ref={endRef} aria-hidden="true" />
            </ol>
            {session === null && <ChatSuggestions disabled={isSending} onAsk={ask} />}
            {session && <SupportChatRating session={session} />}
          </div>
          <QuestionForm
            inputRef={inputRef}
            draft={draft}
            onDraftChange={setDraft}
            error={error}
            isSending={isSending}
            onAsk={ask}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

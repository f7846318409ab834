import { useId, useRef, useState, type ChangeEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Label } from '@/components/ui/Label'
import { Spinner } from '@/components/ui/Spinner'
import { CandleIcon } from '@/components/ui/icons'
import { tBooks as t } from '@/domains/book/strings/books'
import { cn } from '@/lib/cn'
import { useReadableMediaUrl } from '@/lib/readable-media'
import { removeUnusedBookPicture, useUploadBookImage, type BookImageKind } from '../api/upload-book-image'
import { isImageFile } from '../lib/compress-image'

export interface BookImageFieldProps {
  label: string
  kind: BookImageKind
  userId: string
  /** The picture's public URL, or null for none. */
  value: string | null
  onChange: (url: string | null) => void
  /** Told while a picture uploads, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void
  disabled?: boolean
}

/**
 * A book picture: choose (images only), compressed and uploaded at once into the user's folder,
 * shown as a preview; replace or remove. The field has its own uploading state.
 */
export function BookImageField({
  label,
  kind,
  userId,
  value,
  onChange,
  onUploadingChange,
  disabled,
}: BookImageFieldProps) {
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | undefined>()
  const upload = useUploadBookImage()
  const shown = useReadableMediaUrl(value) ?? undefined

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!isImageFile(file)) {
      setError(t('images.notAnImage'))
      return
    }
    setError(undefined)
    onUploadingChange?.(true)
    try {
      onChange(await upload.mutateAsync({ file, kind, userId }))
      void removeUnusedBookPicture(value)
    } catch {
      setError(t('images.uploadError'))
      toast.error(t('images.uploadError'), { description: t('images.uploadErrorRetry') })
    } finally {
      onUploadingChange?.(false)
    }
  }

  const busy = upload.isPending
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden border border-line bg-plum-50',
            kind === 'profile' ? 'size-24 rounded-full' : 'h-24 w-40 rounded-2xl',
          )}
        >
          {busy ? (
            <Spinner label={t('images.uploading')} />
          ) : value ? (
            <img
              src={shown}
              alt={kind === 'profile' ? t('images.profileAlt') : t('images.backgroundAlt')}
              className="size-full object-cover"
            />
          ) : (
            <CandleIcon className="size-8 text-plum-300" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={disabled || busy} onClick={() => inputRef.current?.click()}>
            {value ? t('images.replace') : t('images.choose')}
          </Button>
          {value && (
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled || busy}
              onClick={() => {
                onChange(null)
                void removeUnusedBookPicture(value)
              }}
            >
              {t('images.remove')}
            </Button>
          )}
        </div>
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        onChange={choose}
        data-testid={`${kind}-image-input`}
      />
      <p className="text-sm text-ink-muted">{t('images.hint')}</p>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </div>
  )
}

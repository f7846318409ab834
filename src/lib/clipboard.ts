import { toast } from 'sonner'
import { t } from '@/i18n/he'

/** Copies text to the clipboard; false when the browser refuses (no permission, old browser). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return copyWithSelection(text)
  }
}

/** The fallback for browsers without the async clipboard (or on plain http). */
function copyWithSelection(text: string): boolean {
  const field = document.createElement('textarea')
  field.value = text
  field.setAttribute('readonly', '')
  field.style.position = 'fixed'
  field.style.opacity = '0'
  document.body.append(field)
  field.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    field.remove()
  }
}

/** Copies `text` and says so: '{label} copied', or the copy-failed message. */
export async function copyWithToast(text: string, label: string): Promise<boolean> {
  const copied = await copyText(text)
  if (copied) toast.success(t('copy.success', { label }))
  else toast.error(t('copy.failure'))
  return copied
}

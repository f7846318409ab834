import { toast } from 'sonner'
import { tBooks as t } from '@/i18n/books'

/** Copies `text` and says so: '{label} copied', or the copy-failed message. */
export async function copyWithToast(text: string, label: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(t('copy.success', { label }))
    return true
  } catch {
    toast.error(t('copy.failure'))
    return false
  }
}

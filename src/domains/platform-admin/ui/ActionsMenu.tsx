import { Button } from '@/components/ui/Button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/Dialog'
import { useState } from 'react'

export interface MenuAction<Key extends string> {
  key: Key
  label: string
  tone?: 'danger'
}

export interface ActionsMenuProps<Key extends string> {
  /** The trigger's accessible name, naming the row it acts on. */
  label: string
  triggerText: string
  title: string
  description?: string
  actions: MenuAction<Key>[]
  onChoose: (key: Key) => void
}

/** A row's actions in one small dialog, the same on a phone and a desktop; each choice then asks to confirm. */
export function ActionsMenu<Key extends string>({
  label,
  triggerText,
  title,
  description,
  actions,
  onChoose,
}: ActionsMenuProps<Key>) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={label}>
          {triggerText}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle className="pe-10">{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
        <ul className="mt-5 flex flex-col gap-2">
          {actions.map((action) => (
            <li key={action.key}>
              <Button
                variant={action.tone === 'danger' ? 'danger' : 'secondary'}
                className="w-full justify-start"
                onClick={() => {
                  setOpen(false)
                  onChoose(action.key)
                }}
              >
                {action.label}
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  )
}

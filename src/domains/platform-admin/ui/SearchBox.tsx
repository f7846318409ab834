import { useEffect, useId, useState } from 'react'
import { Input } from '@/components/ui/Input'
import { Label } from '@/components/ui/Label'

const SEARCH_DELAY_MS = 300

export interface SearchBoxProps {
  label: string
  placeholder: string
  onSearch: (text: string) => void
}

/** A search field that reports what was typed once typing pauses, so each keystroke is not a query. */
export function SearchBox({ label, placeholder, onSearch }: SearchBoxProps) {
  const id = useId()
  const [text, setText] = useState('')
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [text, onSearch])
  return (
    <div className="flex min-w-64 flex-1 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  )
}

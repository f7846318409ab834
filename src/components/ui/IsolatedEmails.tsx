import { Fragment } from 'react'

/** An e-mail address inside a sentence; it ends with a letter, so a full stop after it stays outside. */
const EMAIL_ADDRESS = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[A-Za-z]{2,}/g

/**
 * A Hebrew sentence with every e-mail address in it isolated left to right (`<bdi dir="ltr">`), so
 * the address reads as typed and the sentence's punctuation stays where the sentence puts it.
 */
export function IsolatedEmails({ text }: { text: string }) {
  const parts: React.ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(EMAIL_ADDRESS)) {
    parts.push(text.slice(last, match.index))
    parts.push(
      <bdi key={match.index} dir="ltr">
        {match[0]}
      </bdi>,
    )
    last = match.index + match[0].length
  }
  parts.push(text.slice(last))
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  )
}

/**
 * The step an arrow key takes through a sequence (memories, slides, pages): the arrow pointing to
 * where "next" sits on the page moves forward. In right-to-left the next button is at the left,
 * so ArrowLeft is +1 and ArrowRight −1; left-to-right, the other way. Any other key: 0.
 */
export function arrowStep(key: string): 1 | -1 | 0 {
  const rightToLeft = document.documentElement.dir === 'rtl'
  if (key === 'ArrowLeft') return rightToLeft ? 1 : -1
  if (key === 'ArrowRight') return rightToLeft ? -1 : 1
  return 0
}

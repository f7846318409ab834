/**
 * Amounts arrive from the server in agorot. Shown in shekels: whole shekels without decimals,
 * otherwise one decimal (the server rounds coupon prices to a tenth of a shekel).
 */
export function shekels(agorot: number): string {
  const value = agorot / 100
  return Number.isInteger(value) ? String(value) : value.toFixed(1)
}

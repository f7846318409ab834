/**
 * The plans a book can have, lowest first, and the name each is called by: the one list the app,
 * the functions and their tests read. A higher plan includes everything of the lower ones. What a
 * plan costs is not here: the database's price table (public.plan_prices) holds it, and every
 * screen, answer and amount reads it there.
 */

export const PLAN_TYPES = ['basic', 'pro', 'full'] as const
export type PlanType = (typeof PLAN_TYPES)[number]

/** Each plan's name, as every screen, e-mail and payment page writes it. */
export const PLAN_NAMES = {
  basic: 'חבילה בסיסית',
  pro: 'חבילת פרו',
  full: 'החבילה המלאה',
} as const satisfies Record<PlanType, string>

export function isPlanType(value: unknown): value is PlanType {
  return typeof value === 'string' && (PLAN_TYPES as readonly string[]).includes(value)
}

/** Whether `plan` includes everything of `other` and more. */
export function isHigherPlan(plan: PlanType, other: PlanType): boolean {
  return PLAN_TYPES.indexOf(plan) > PLAN_TYPES.indexOf(other)
}

/**
 * How a new user is related to the deceased: the onboarding's choices, which the app offers and
 * send-admin-notification accepts. No imports, so any bundle may take it.
 */
export const ONBOARDING_RELATIONSHIPS = ['grandparent', 'spouse', 'parent', 'sibling', 'friend', 'other'] as const

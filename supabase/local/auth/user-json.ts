/** The user object of GoTrue's JSON: null timestamps are left out. */
import type { IdentityRow, Json, UserRow } from './users.ts'

function iso(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined
  return (value instanceof Date ? value : new Date(value)).toISOString()
}

function withoutUndefined(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined))
}

function identityJson(identity: IdentityRow): Json {
  return withoutUndefined({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  })
}

export function userJson(user: UserRow, identities: IdentityRow[]): Json {
  return withoutUndefined({
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    email_change_sent_at: iso(user.email_change_sent_at),
    new_email: user.email_change || undefined,
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at) ?? new Date().toISOString(),
    updated_at: iso(user.updated_at) ?? new Date().toISOString(),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous ?? false,
  })
}

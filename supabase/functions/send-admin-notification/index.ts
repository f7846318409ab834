/**
 * send-admin-notification: body {type: 'new_user', data: {name, email, relationship?, deceasedName?}}
 * called by the SPA right after a sign-up; the SPA ignores the reply, so a failure
 * here never blocks a registration. E-mails every platform admin (public.users.role = 'admin') the
 * new user's name, e-mail, relationship and the deceased's name, through _shared/mail/mail.ts.
 *
 * The caller is not signed in yet (anyone may call: verify_jwt is off and the publishable key is
 * public), so the body is not trusted: the address must belong to an account created in the last 24 hours,
 * its name and address are taken from the database, and each account is announced only once
 * (admin_logs action NEW_USER_NOTIFIED). The answer never tells whether an account exists: 200
 * {accepted: true} for every well-formed body (unknown, older, already announced, or a mail API
 * failure, which is logged), 400 for a malformed body.
 */
import type { z } from 'zod'
import { serviceClient, type ServiceClient } from '../_shared/clients/clients.ts'
import { handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { siteUrl } from '../_shared/clients/env.ts'
import { MailError, sendMail } from '../_shared/mail/mail.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/send-admin-notification.ts'
import { newUserMail } from './notification.ts'

const NOTIFIED_ACTION = 'NEW_USER_NOTIFIED'
const RECENT_ACCOUNT_MS = 24 * 60 * 60 * 1000

type NotificationData = z.output<typeof bodySchema>['data']

interface NewAccount {
  id: string
  email: string
  full_name: string | null
  created_at: string
}

async function recentAccount(service: ServiceClient, email: string): Promise<NewAccount | null> {
  const { data, error } = await service
    .from('users')
    .select('id, email, full_name, created_at')
    .eq('email', email.toLowerCase())
    .maybeSingle()
  if (error) throw new Error(`users: ${error.message}`)
  // users.email is nullable in the schema; this row was found by its e-mail, so it has one.
  const account = data as NewAccount | null
  if (!account || Date.now() - Date.parse(account.created_at) > RECENT_ACCOUNT_MS) return null
  return account
}

async function alreadyNotified(service: ServiceClient, email: string): Promise<boolean> {
  const { count, error } = await service
    .from('admin_logs')
    .select('id', { count: 'exact', head: true })
    .eq('action', NOTIFIED_ACTION)
    .eq('target_user', email)
  if (error) throw new Error(`admin_logs: ${error.message}`)
  return (count ?? 0) > 0
}

async function platformAdmins(service: ServiceClient): Promise<{ email: string; name?: string }[]> {
  const { data, error } = await service.from('users').select('email, full_name').eq('role', 'admin')
  if (error) throw new Error(`users: ${error.message}`)
  return (data ?? [])
    .filter((admin): admin is { email: string; full_name: string | null } => Boolean(admin.email))
    .map((admin) => ({ email: admin.email, name: admin.full_name ?? undefined }))
}

async function recordNotification(service: ServiceClient, email: string, notified: number): Promise<void> {
  const { error } = await service
    .from('admin_logs')
    .insert({ action: NOTIFIED_ACTION, target_user: email, details: { notified } })
  if (error) console.error(`admin_logs insert failed: ${error.message}`)
}

async function notifyAdmins(service: ServiceClient, account: NewAccount, data: NotificationData): Promise<void> {
  if (await alreadyNotified(service, account.email)) return
  const admins = await platformAdmins(service)
  if (admins.length > 0) {
    const mail = newUserMail(
      {
        name: account.full_name ?? data.name ?? account.email,
        email: account.email,
        relationship: data.relationship,
        deceasedName: data.deceasedName,
        registeredAt: account.created_at,
      },
      admins,
      siteUrl(),
    )
    try {
      await sendMail(mail)
    } catch (error) {
      if (error instanceof MailError) {
        console.error(error.message)
        return
      }
      throw error
    }
  }
  await recordNotification(service, account.email, admins.length)
}

Deno.serve(
  handleRequest(async (req) => {
    const { data } = await parseBody(req, bodySchema)
    const service = serviceClient()
    try {
      const account = await recentAccount(service, data.email)
      if (account) await notifyAdmins(service, account, data)
    } catch (error) {
      console.error(error)
    }
    return jsonResponse({ accepted: true })
  }),
)

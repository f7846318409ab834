/**
 * POST /verify (supabase-js verifyOtp) answers a session; GET /verify (the link in an e-mail)
 * answers 303 back to the app with the session in the fragment, or ?code= for PKCE (§1.5).
 */
import { AuthApiError, authJson, badRequest } from '../errors.ts';
import { stringField, type RouteHandler } from '../context.ts';
import { PKCE_PREFIX } from '../otp.ts';
import { issueAuthCode } from '../pkce.ts';
import { errorRedirect, implicitRedirect, pkceRedirect, resolveRedirect, type RedirectSession } from '../redirects.ts';
import { issueSession } from '../sessions.ts';
import { touchSignIn } from '../users.ts';
import { consumeVerification, FLOW_METHOD, otpExpired, type RequestedVerifyType } from '../verification.ts';

const VERIFY_TYPES: readonly RequestedVerifyType[] = ['signup', 'recovery', 'magiclink', 'invite', 'email_change', 'email'];

function verifyType(value: string | null | undefined): RequestedVerifyType {
  if (!value) throw badRequest('validation_failed', 'Verify requires a verification type');
  const type = VERIFY_TYPES.find((known) => known === value);
  if (!type) throw badRequest('validation_failed', 'Unsupported verification type');
  return type;
}

export const verifyPost: RouteHandler = async (ctx) => {
  const { body, settings } = ctx;
  const type = verifyType(stringField(body, 'type'));
  const tokenHash = stringField(body, 'token_hash');
  const email = stringField(body, 'email');
  const otp = stringField(body, 'token');
  if (!tokenHash && !(email && otp)) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  const session = await ctx.db.transaction(async (tx) => {
    const { user } = await consumeVerification(tx, settings, { type, tokenHash, email, otp });
    return issueSession(tx, settings, await touchSignIn(tx, user.id), 'otp');
  });
  return authJson(session);
};

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'x-supabase-api-version': '2024-01-01' } });
}

export const verifyGet: RouteHandler = async (ctx) => {
  const { settings, url } = ctx;
  const redirect = resolveRedirect(settings, url.searchParams.get('redirect_to'));
  const tokenHash = url.searchParams.get('token') ?? '';
  const isPkce = tokenHash.startsWith(PKCE_PREFIX);
  try {
    const type = verifyType(url.searchParams.get('type'));
    if (!tokenHash) throw otpExpired();
    const location = await ctx.db.transaction(async (tx) => {
      const verified = await consumeVerification(tx, settings, { type, tokenHash });
      if (verified.pkce) {
        const code = await issueAuthCode(tx, verified.user.id, FLOW_METHOD[verified.type]);
        if (code) return pkceRedirect(redirect, code);
      }
      const user = await touchSignIn(tx, verified.user.id);
      const session = (await issueSession(tx, settings, user, 'otp')) as unknown as RedirectSession;
      return implicitRedirect(redirect, session, type);
    });
    return seeOther(location);
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    const description = error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message;
    return seeOther(errorRedirect(redirect, error.status, error.code, description, isPkce));
  }
};

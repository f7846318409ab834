/** GET /settings, /health and the JWKS of the project's signing key. */
import { publicJwks } from '../../jwt.ts'
import { authJson } from '../errors.ts'
import type { RouteHandler } from '../context.ts'

const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
  'phone',
]

export const settingsRoute: RouteHandler = async (ctx) =>
  authJson({
    external: { ...Object.fromEntries(EXTERNAL_PROVIDERS.map((name) => [name, false])), email: true },
    disable_signup: !ctx.settings.signupEnabled,
    mailer_autoconfirm: ctx.settings.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  })

export const health: RouteHandler = async () =>
  authJson({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' })

export const jwks: RouteHandler = async () => authJson(publicJwks())

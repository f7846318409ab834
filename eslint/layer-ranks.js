import path from 'node:path'

const srcDir = path.resolve(import.meta.dirname, '..', 'src')

/**
 * The layers of src/, highest first. A file imports only from its own layer's allowed places and
 * from the layers below it:
 *   entry (main.tsx, early-start.ts) › app › features › domains › components › lib › config, i18n, types
 * Inside features: a feature imports only itself. Inside domains: a domain imports itself and the
 * domains ranked below it (domainRanks). src/test is test support: only tests import it.
 */
const layerRanks = {
  entry: 7,
  app: 6,
  features: 5,
  domains: 4,
  components: 3,
  lib: 2,
  config: 1,
  i18n: 1,
  types: 1,
  styles: 1,
  assets: 1,
}

/**
 * The domains, lowest first: who is signed in; the Hebrew mourning calendar (Hebrew dates, yahrzeit,
 * shiva); the book itself; the candles and reminders, payments, and a memory itself (its model and
 * its moderation); writing a memory, the keepsakes (album and video) and the family admins; reading
 * a book, and gifts (a book bought for someone); the platform admin's panel and the support chat,
 * which see everything below.
 */
const domainRanks = {
  accounts: 1,
  'mourning-calendar': 2,
  book: 3,
  remembrance: 4,
  payments: 4,
  memories: 4,
  writing: 5,
  keepsakes: 5,
  'family-admins': 5,
  reading: 6,
  gift: 6,
  'platform-admin': 7,
  'support-chat': 7,
}

const layerOrder = 'app › features › domains › components › lib › config/i18n/types'
const domainOrder =
  'platform-admin, support-chat › reading, gift › writing, keepsakes, family-admins › remembrance, payments, memories › book › mourning-calendar › accounts'

/** Where an import specifier points inside src/, or null for packages and paths outside it. */
function srcTarget(filename, specifier) {
  let target
  if (specifier.startsWith('@/')) target = path.join(srcDir, specifier.slice(2))
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(filename), specifier)
  else return null
  const relative = path.relative(srcDir, target)
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)
}

function placeOf(parts) {
  if (parts.length === 1) return { layer: 'entry', name: parts[0] }
  const [layer, unit] = parts
  if (layer === 'features' || layer === 'domains') return { layer, unit, name: `${layer}/${unit}` }
  return { layer, name: layer }
}

const isTestFile = (filename) => /\.test\.tsx?$|\.test-utils\.tsx?$/.test(filename)

function problemWith(from, to, filename) {
  if (to.layer === 'test') return from.layer === 'test' || isTestFile(filename) ? null : 'testSupport'
  if (from.layer === 'test') return null
  const fromRank = layerRanks[from.layer] ?? 0
  const toRank = layerRanks[to.layer] ?? 0
  if (toRank > fromRank) return 'upward'
  if (toRank < fromRank || from.unit === to.unit) return null
  if (from.layer === 'features') return 'crossFeature'
  if (from.layer === 'domains')
    return (domainRanks[to.unit] ?? 99) < (domainRanks[from.unit] ?? 0) ? null : 'domainUpward'
  return null
}

const layerRanksRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      upward: `src/{{from}} must not import src/{{to}}: imports go down only (${layerOrder}).`,
      crossFeature:
        'src/{{from}} must not import src/{{to}}: a feature composes domains; move what both need into the domain it belongs to.',
      domainUpward: `src/{{from}} must not import src/{{to}}: a domain imports only the domains below it (${domainOrder}).`,
      testSupport: 'src/test is test support: only tests import it ({{from}} must not).',
    },
  },
  create(context) {
    const filename = context.filename
    const fromParts = path.relative(srcDir, filename).split(path.sep)
    if (fromParts[0] === '..' || path.isAbsolute(fromParts[0])) return {}
    const from = placeOf(fromParts)

    function check(node, specifier) {
      if (typeof specifier !== 'string') return
      const toParts = srcTarget(filename, specifier)
      if (!toParts) return
      const to = placeOf(toParts)
      const messageId = problemWith(from, to, filename)
      if (messageId) context.report({ node, messageId, data: { from: from.name, to: to.name } })
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.source?.value),
      'CallExpression[callee.object.name="vi"][callee.property.name=/^(mock|doMock|importActual)$/]': (node) =>
        node.arguments[0]?.type === 'Literal' && check(node.arguments[0], node.arguments[0].value),
    }
  },
}

export const boundariesPlugin = { rules: { 'layer-ranks': layerRanksRule } }

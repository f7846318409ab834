import path from 'node:path'

const srcDir = path.resolve(import.meta.dirname, '..', 'src')
const sharedLayers = new Set(['entities', 'components', 'lib', 'i18n', 'config', 'types'])

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
  if (parts[0] === 'features') return { layer: 'features', feature: parts[1] }
  return { layer: parts[0] }
}

function problemWith(from, to) {
  if (from.layer === 'features') {
    if (to.layer === 'app') return 'featureImportsApp'
    if (to.layer === 'features' && to.feature !== from.feature) return 'crossFeature'
    return null
  }
  if (sharedLayers.has(from.layer) && (to.layer === 'features' || to.layer === 'app')) return 'sharedImportsUp'
  return null
}

/**
 * A feature imports only its own files and the shared layers (entities, components, lib, i18n,
 * config, types); never another feature and never src/app. The shared layers import neither.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        'src/features/{{from}} must not import src/features/{{to}}: move what both need to src/entities, src/components or src/lib.',
      featureImportsApp:
        'src/features/{{from}} must not import src/app: move what it needs to src/components or src/lib.',
      sharedImportsUp: 'src/{{from}} is a shared layer: it must not import src/{{to}}.',
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
      const messageId = problemWith(from, to)
      if (!messageId) return
      const name = (place) => (place.layer === 'features' ? place.feature : place.layer)
      context.report({ node, messageId, data: { from: name(from), to: name(to) } })
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

export const boundariesPlugin = { rules: { 'feature-boundaries': featureBoundaries } }

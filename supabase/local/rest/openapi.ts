/** `GET /rest/v1/`: a small OpenAPI 2.0 description of what the schema cache exposes. */
import { json } from '../http.ts'
import type { SchemaCache } from './schema-types.ts'

export function openApiDocument(cache: SchemaCache, apiUrl: string): Response {
  const paths: Record<string, unknown> = { '/': { get: { summary: 'OpenAPI description (this document)' } } }
  const definitions: Record<string, unknown> = {}
  for (const relation of cache.relations.values()) {
    paths[`/${relation.name}`] = relation.kind === 'table' ? { get: {}, post: {}, patch: {}, delete: {} } : { get: {} }
    definitions[relation.name] = {
      type: 'object',
      required: [...relation.columns.values()].filter((c) => !c.nullable && c.defaultSql === null).map((c) => c.name),
      properties: Object.fromEntries([...relation.columns.values()].map((c) => [c.name, { format: c.type }])),
    }
  }
  for (const name of cache.functions.keys()) paths[`/rpc/${name}`] = { get: {}, post: {} }
  const host = new URL(apiUrl).host
  return json({
    swagger: '2.0',
    info: { title: 'local stack REST', version: '12' },
    host,
    basePath: '/rest/v1',
    schemes: ['http'],
    paths,
    definitions,
  })
}

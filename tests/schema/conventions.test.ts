/**
 * The schema files read as the database's rules: each function and policy is defined once, in one
 * file, with a comment above it stating its rule.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SCHEMAS_DIR, schemaFiles } from './build.ts'

interface Definition {
  kind: 'function' | 'policy' | 'table'
  name: string
  where: string
  commented: boolean
}

const DEFINITION =
  /^create (?:or replace )?(function|policy|table) (?:if not exists )?((?:"[^"]+"|[\w.]+)(?: on [\w.]+)?)/i

function definitions(): Definition[] {
  return schemaFiles().flatMap((file) => {
    const lines = fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8').split('\n')
    return lines.flatMap((line, index) => {
      const match = DEFINITION.exec(line)
      if (!match) return []
      const kind = match[1]!.toLowerCase() as Definition['kind']
      return [
        { kind, name: match[2]!, where: `${file}:${index + 1}`, commented: /^\s*--/.test(lines[index - 1] ?? '') },
      ]
    })
  })
}

describe('supabase/schemas', () => {
  it('defines every function, policy and table once', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const { kind, name, where } of definitions()) {
      const key = `${kind} ${name.toLowerCase()}`
      if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${where}`)
      seen.set(key, where)
    }
    expect(seen.size).toBeGreaterThan(200)
    expect(twice).toEqual([])
  })

  it('states the rule of every function and policy in a comment above it', () => {
    const bare = definitions().filter((d) => d.kind !== 'table' && !d.commented)
    expect(bare.map((d) => `${d.where} ${d.kind} ${d.name}`)).toEqual([])
  })

  it('names its files NN-<domain>.sql, applied in name order', () => {
    for (const file of schemaFiles()) expect(file).toMatch(/^\d{2}-[a-z-]+\.sql$/)
  })
})

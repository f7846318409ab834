/**
 * Every reason the database refuses with is named in contracts/refusals.ts, so the app and the
 * functions compare reasons the compiler knows: the schema files are read for each refusal
 * (`private.refuse` / `private.deny`, a raise with a hint, a refusal answered as a row or as JSON)
 * and a reason the contract does not list fails, as does a refusal whose reason is not written
 * out where it is raised.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATABASE_REASONS } from '../../contracts/refusals.ts'
import { COUPON_REFUSALS } from '../../contracts/validate-coupon.ts'
import { SCHEMAS_DIR, schemaFiles } from './build.ts'

interface Refusal {
  where: string
  /** The reason as written, or null when it is not a literal (a variable, an expression). */
  reason: string | null
}

/** Each way a schema file refuses, with the reason as its last literal (or none). */
const REFUSALS: RegExp[] = [
  /perform\s+private\.(?:refuse|deny)\(((?:[^;])*?)\);/g,
  /raise\s+exception\s+using\s+((?:[^;])*?);/g,
  /row\(\s*false\s*,\s*([^;]*?)\)::public\.(?:book_action_result|add_memory_result)/g,
  /'ok'\s*,\s*false\s*,\s*'reason'\s*,\s*('[a-z_]+')/g,
]

const LAST_REASON = /'([a-z][a-z_]*)'\s*$/
const HINT = /hint\s*=\s*(?:'([a-z][a-z_]*)'|(\w+))/
const FIRST_REASON = /^\s*'([a-z][a-z_]*)'/

function reasonOf(pattern: number, args: string): string | null {
  if (pattern === 0) return LAST_REASON.exec(args.trim())?.[1] ?? null
  if (pattern === 1) return HINT.exec(args)?.[1] ?? null
  return FIRST_REASON.exec(args)?.[1] ?? null
}

/** The two helpers that raise with the reason they are given (05-helpers.sql). */
function isRaiseHelper(args: string): boolean {
  return /hint\s*=\s*reason\b/.test(args)
}

function refusalsIn(sql: string, file: string): Refusal[] {
  const found: Refusal[] = []
  REFUSALS.forEach((pattern, index) => {
    for (const match of sql.matchAll(pattern)) {
      const args = match[1]!
      if (index === 1 && isRaiseHelper(args)) continue
      const line = sql.slice(0, match.index).split('\n').length
      found.push({ where: `${file}:${line}`, reason: reasonOf(index, args) })
    }
  })
  return found
}

/** The schema with its comments removed (a comment may quote a reason it does not raise). */
function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '')
}

export function schemaRefusals(read = (file: string) => fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) {
  return schemaFiles().flatMap((file) => refusalsIn(withoutComments(read(file)), file))
}

describe('the reasons the database refuses with', () => {
  const refusals = schemaRefusals()

  it('finds the refusals of every domain', () => {
    expect(refusals.length).toBeGreaterThan(100)
  })

  it('writes out the reason of each refusal where it refuses', () => {
    expect(refusals.filter((refusal) => refusal.reason === null).map((refusal) => refusal.where)).toEqual([])
  })

  it('names each reason in contracts/refusals.ts', () => {
    const named = new Set<string>(DATABASE_REASONS)
    const unnamed = refusals.filter((refusal) => refusal.reason && !named.has(refusal.reason))
    expect(unnamed.map((refusal) => `${refusal.where} ${refusal.reason}`)).toEqual([])
  })

  it('lists no reason the database never gives', () => {
    const given = new Set(refusals.map((refusal) => refusal.reason))
    expect(DATABASE_REASONS.filter((reason) => !given.has(reason))).toEqual([])
  })
})

/** The codes a coupon's verdict gives as its reason (validate_coupon, private.coupon_refusal, redeem_coupon). */
function couponVerdicts(): string[] {
  const sql = schemaFiles()
    .map((file) => withoutComments(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')))
    .join('\n')
  const verdicts = [
    /then '(coupon_[a-z_]+)'/g,
    /'(coupon_[a-z_]+)'\)::public\.coupon_check/g,
    /refusal\.reason, '(coupon_[a-z_]+)'/g,
  ]
  return verdicts.flatMap((pattern) => [...sql.matchAll(pattern)].map((match) => match[1]!))
}

describe("the reasons of a coupon's verdict", () => {
  const verdicts = couponVerdicts()

  it('are codes, each named in contracts/validate-coupon.ts, which gives its Hebrew message', () => {
    expect(verdicts.length).toBeGreaterThanOrEqual(5)
    expect(verdicts.filter((reason) => !(reason in COUPON_REFUSALS))).toEqual([])
  })

  it('are all given by the schema', () => {
    expect(Object.keys(COUPON_REFUSALS).filter((reason) => !verdicts.includes(reason))).toEqual([])
  })
})

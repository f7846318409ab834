import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ADVISOR_ALLOW_FILE, advisorAllowProblems } from '../advisor-allow.ts'

describe('supabase/advisor-allow.txt', () => {
  it('names at most 13 advisor findings, each once and with its reason', () => {
    expect(advisorAllowProblems(fs.readFileSync(ADVISOR_ALLOW_FILE, 'utf8'))).toEqual([])
  })

  it('refuses a key without a reason, a key twice, and a fourteenth key', () => {
    expect(advisorAllowProblems('lint_a\nlint_b # ok\nlint_b # again')).toEqual([
      'no "# reason" after lint_a',
      'lint_b is listed twice',
    ])
    const fourteen = Array.from({ length: 14 }, (_, index) => `lint_${index} # reason`).join('\n')
    expect(advisorAllowProblems(fourteen)).toEqual(['14 keys allowed, at most 13'])
  })
})

/**
 * supabase/advisor-allow.txt: the advisor findings the project accepts, one `cache_key` a line with
 * `# reason`. At most MAX_ALLOWED: anything else the advisor reports is fixed, not allowed.
 */
import path from 'node:path'
import { PROJECT_ROOT } from './local/config.ts'

export const ADVISOR_ALLOW_FILE = path.join(PROJECT_ROOT, 'supabase', 'advisor-allow.txt')
const MAX_ALLOWED = 13

/** What is wrong with the file's text: a key without a reason, a repeated key, too many keys. */
export function advisorAllowProblems(text: string): string[] {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const keys = entries.map((line) => line.replace(/\s*#.*$/, ''))
  const problems = entries.filter((line) => !/\S\s+#\s*\S/.test(line)).map((line) => `no "# reason" after ${line}`)
  const repeated = keys.filter((key, index) => keys.indexOf(key) !== index)
  problems.push(...repeated.map((key) => `${key} is listed twice`))
  if (keys.length > MAX_ALLOWED) problems.push(`${keys.length} keys allowed, at most ${MAX_ALLOWED}`)
  return problems
}

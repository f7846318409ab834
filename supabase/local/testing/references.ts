/**
 * Finding every row that still mentions a value: after a deletion, no column of any table in
 * `public` or `private` (ids, e-mails, URLs, JSON, arrays, as text) may hold it.
 */
import { sql } from './clients.ts'

export interface Mention {
  table: string
  column: string
  rows: number
}

/**
 * The columns (as `schema.table`, column, and how many rows) whose text contains `value`
 * (case-insensitive), leaving out `exceptTables` (e.g. the security log, which records the deletion).
 */
export async function rowsMentioning(value: string, exceptTables: string[] = []): Promise<Mention[]> {
  const columns = await sql<{ table: string; column: string }>(
    `select c."table_schema" || '.' || c."table_name" as "table", c."column_name" as "column"
       from "information_schema"."columns" c
       join "information_schema"."tables" t
         on t."table_schema" = c."table_schema" and t."table_name" = c."table_name" and t."table_type" = 'BASE TABLE'
      where c."table_schema" in ('public', 'private')
        and c."data_type" in ('uuid', 'text', 'character varying', 'jsonb', 'json', 'ARRAY')
      order by 1, 2`,
  )
  const mentions: Mention[] = []
  for (const { table, column } of columns) {
    if (exceptTables.includes(table)) continue
    const [schema, name] = table.split('.')
    const [row] = await sql<{ rows: number }>(
      `select count(*)::int as "rows" from "${schema}"."${name}" where "${column}"::text ilike '%' || $1 || '%'`,
      [value],
    )
    if (row!.rows > 0) mentions.push({ table, column, rows: row!.rows })
  }
  return mentions
}

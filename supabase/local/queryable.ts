/** What runs SQL: the database, or one transaction of it. */
export interface SqlField {
  name: string
  dataTypeID: number
}

export interface SqlResult<T> {
  rows: T[]
  rowCount: number
  fields: SqlField[]
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<T>>
  /** Runs several statements with no parameters. */
  exec(sql: string): Promise<void>
}

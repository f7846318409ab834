/**
 * The read query: a select tree with embeds turned into one SQL statement that builds the whole
 * JSON document in PostgreSQL (json_agg / row_to_json over correlated subqueries), so values are
 * formatted exactly as PostgREST formats them.
 */
import { RestError } from '../errors.ts'
import { fieldOutputName } from '../parse/field.ts'
import type { Condition } from '../parse/filters.ts'
import type { OrderTerm } from '../parse/order.ts'
import type { NodeModifiers } from '../parse/query.ts'
import type { EmbedItem, FieldItem, SelectItem } from '../parse/select.ts'
import { EXPOSED_SCHEMA, type Relation, type SchemaCache } from '../schema-types.ts'
import { conditionSql, fieldExpression, treeSql, type ColumnSource } from './conditions.ts'
import { ident, qualified, type Params } from './params.ts'
import { isToOne, joinCondition, resolveRelationship, type Relationship } from './relationships.ts'

export interface ReadSource extends ColumnSource {
  /** A FROM item: a table, or a derived table over a mutation or a function call. */
  from: string
  /** The relation whose foreign keys embeds follow, if any. */
  relation?: string
}

export function relationSource(relation: Relation): ReadSource {
  return {
    name: relation.name,
    columns: relation.columns,
    from: qualified(EXPOSED_SCHEMA, relation.name),
    relation: relation.name,
  }
}

type Output = { key: string; sql: string } | { star: string; source: ColumnSource }

interface NodeSql {
  alias: string
  from: string
  outputs: Output[]
  where: string[]
  orderBy: string[]
  limit?: number
  offset?: number
}

interface Embed {
  item: EmbedItem
  key: string
  relationship: Relationship
  node: NodeSql
  /** Conditions selecting the embedded rows of one parent row. */
  where: string[]
}

function selectList(outputs: Output[]): string {
  return outputs.map((o) => ('star' in o ? `${ident(o.star)}.*` : `${o.sql} as ${ident(o.key)}`)).join(', ')
}

function clauses(node: NodeSql, where: string[] = node.where): string {
  let sql = where.length ? ` where ${where.join(' and ')}` : ''
  if (node.orderBy.length) sql += ` order by ${node.orderBy.join(', ')}`
  if (node.limit !== undefined) sql += ` limit ${node.limit}`
  if (node.offset !== undefined) sql += ` offset ${node.offset}`
  return sql
}

function fromClause(node: NodeSql): string {
  return `${node.from} as ${ident(node.alias)}`
}

export class ReadBuilder {
  private aliasCount = 0
  private readonly usedPaths = new Set<string>()

  constructor(
    private readonly cache: SchemaCache,
    private readonly params: Params,
    private readonly modifiers: Map<string, NodeModifiers>,
  ) {}

  /** The root node's `select … from … where … order by … limit … offset …`. */
  root(source: ReadSource, items: SelectItem[]): { select: string; whereSql: string; fromSql: string } {
    const node = this.node(source, items, [''])
    this.rejectUnusedPaths()
    return {
      select: `select ${selectList(node.outputs)} from ${fromClause(node)}${clauses(node)}`,
      whereSql: node.where.length ? ` where ${node.where.join(' and ')}` : '',
      fromSql: fromClause(node),
    }
  }

  private rejectUnusedPaths(): void {
    for (const path of this.modifiers.keys()) {
      if (path === '' || this.usedPaths.has(path)) continue
      const name = path.split('.').pop()!
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      )
    }
  }

  private modifiersOf(paths: string[]): NodeModifiers {
    const merged: NodeModifiers = { conditions: [], trees: [] }
    for (const path of paths) {
      const found = this.modifiers.get(path)
      if (!found) continue
      this.usedPaths.add(path)
      merged.conditions.push(...found.conditions)
      merged.trees.push(...found.trees)
      merged.order = found.order ?? merged.order
      merged.limit = found.limit ?? merged.limit
      merged.offset = found.offset ?? merged.offset
    }
    return merged
  }

  private node(source: ReadSource, items: SelectItem[], paths: string[]): NodeSql {
    const alias = `t${this.aliasCount++}`
    const modifiers = this.modifiersOf(paths)
    const node: NodeSql = {
      alias,
      from: source.from,
      outputs: [],
      where: [],
      orderBy: [],
      limit: modifiers.limit,
      offset: modifiers.offset,
    }
    const embeds = items
      .filter((item): item is EmbedItem => item.kind === 'embed')
      .map((item) => this.embed(source, alias, item, paths))
    for (const item of items) node.outputs.push(...this.outputsOf(source, alias, item, embeds))
    for (const condition of modifiers.conditions)
      node.where.push(this.conditionOrEmbedFilter(source, alias, condition, embeds))
    for (const tree of modifiers.trees) node.where.push(treeSql(source, alias, tree, this.params))
    for (const embed of embeds) if (embed.item.joinType === 'inner') node.where.push(this.existsSql(embed))
    for (const term of modifiers.order ?? []) node.orderBy.push(this.orderSql(source, alias, term, embeds))
    return node
  }

  private embed(parent: ReadSource, parentAlias: string, item: EmbedItem, parentPaths: string[]): Embed {
    if (!parent.relation) {
      throw new RestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${item.target}' in the schema cache`,
      )
    }
    const relationship = resolveRelationship(this.cache, parent.relation, item.target, item.hint)
    const target = this.cache.relations.get(relationship.target)!
    const names = item.alias ? [item.alias, item.target] : [item.target]
    const childPaths = parentPaths.flatMap((p) => names.map((name) => (p ? `${p}.${name}` : name)))
    const node = this.node(relationSource(target), this.withoutCount(target, item.items), childPaths)
    const where = [joinCondition(relationship, parentAlias, node.alias), ...node.where]
    return { item, key: item.alias ?? item.target, relationship, node, where }
  }

  /** `rel(count)`: a bare `count` field that is not a column of the embedded table. */
  private withoutCount(target: Relation, items: SelectItem[]): SelectItem[] {
    return items.filter((item) => !this.isCount(target, item))
  }

  private isCount(target: Relation, item: SelectItem): item is FieldItem {
    return (
      item.kind === 'field' &&
      item.field.column === 'count' &&
      !item.field.path.length &&
      !item.cast &&
      !target.columns.has('count')
    )
  }

  private outputsOf(source: ReadSource, alias: string, item: SelectItem, embeds: Embed[]): Output[] {
    if (item.kind === 'star') return [{ star: alias, source }]
    if (item.kind === 'field') {
      const expr = fieldExpression(source, alias, item.field, this.params)
      return [
        { key: item.alias ?? fieldOutputName(item.field), sql: item.cast ? `(${expr.sql})::${item.cast}` : expr.sql },
      ]
    }
    const embed = embeds.find((e) => e.item === item)!
    if (item.spread) return this.spreadOutputs(embed)
    const countKey = this.countKey(embed)
    if (countKey !== undefined) return [{ key: embed.key, sql: this.countSql(embed, countKey) }]
    if (item.items.length === 0) return []
    return [{ key: embed.key, sql: this.embedSql(embed) }]
  }

  private countKey(embed: Embed): string | undefined {
    const target = this.cache.relations.get(embed.relationship.target)!
    const count = embed.item.items.find((item) => this.isCount(target, item)) as FieldItem | undefined
    return count ? (count.alias ?? 'count') : undefined
  }

  private countSql(embed: Embed, key: string): string {
    const object = `json_build_object(${this.params.text(key)}, count(*))`
    const value = isToOne(embed.relationship) ? object : `json_build_array(${object})`
    return `(select ${value} from ${fromClause(embed.node)} where ${embed.where.join(' and ')})`
  }

  private embedSql(embed: Embed): string {
    const { node } = embed
    const row = `${node.alias}_row`
    const rows = `select ${selectList(node.outputs)} from ${fromClause(node)}${clauses(node, embed.where)}`
    if (isToOne(embed.relationship)) return `(select row_to_json(${ident(row)}) from (${rows}) as ${ident(row)})`
    return `coalesce((select json_agg(${ident(row)}) from (${rows}) as ${ident(row)}), '[]')`
  }

  /** `...rel(a,b)`: the embedded columns inlined into the parent (arrays for a to-many). */
  private spreadOutputs(embed: Embed): Output[] {
    const { node } = embed
    const toOne = isToOne(embed.relationship)
    const columns = node.outputs.flatMap((o) =>
      'star' in o
        ? [...o.source.columns.keys()].map((name) => ({ key: name, sql: `${ident(o.star)}.${ident(name)}` }))
        : [o],
    )
    const where = ` where ${embed.where.join(' and ')}`
    const orderBy = node.orderBy.length ? ` order by ${node.orderBy.join(', ')}` : ''
    return columns.map(({ key, sql }) => ({
      key,
      sql: toOne
        ? `(select ${sql} from ${fromClause(node)}${where})`
        : `(select coalesce(json_agg(${sql}${orderBy}), '[]') from ${fromClause(node)}${where})`,
    }))
  }

  private existsSql(embed: Embed): string {
    return `exists (select 1 from ${fromClause(embed.node)} where ${embed.where.join(' and ')})`
  }

  /** `rel=is.null` / `rel=not.is.null` filter parents on whether they have embedded rows. */
  private conditionOrEmbedFilter(source: ReadSource, alias: string, condition: Condition, embeds: Embed[]): string {
    const embed =
      condition.field.path.length === 0 && !source.columns.has(condition.field.column)
        ? embeds.find((e) => e.key === condition.field.column || e.item.target === condition.field.column)
        : undefined
    if (!embed) return conditionSql(source, alias, condition, this.params)
    if (condition.op !== 'is' || condition.value.toLowerCase() !== 'null') {
      throw new RestError(
        400,
        'PGRST100',
        `failed to parse filter on embedded resource '${embed.key}'`,
        'only is.null and not.is.null apply to an embedded resource',
      )
    }
    const exists = this.existsSql(embed)
    return condition.negate ? exists : `not ${exists}`
  }

  private orderSql(source: ReadSource, alias: string, term: OrderTerm, embeds: Embed[]): string {
    let sql: string
    if (term.relation) {
      const embed = embeds.find((e) => e.key === term.relation || e.item.target === term.relation)
      if (!embed || !isToOne(embed.relationship)) {
        throw new RestError(
          400,
          'PGRST118',
          `A related order on '${term.relation}' is not possible`,
          'only to-one embedded resources can order their parent',
        )
      }
      const target = this.cache.relations.get(embed.relationship.target)!
      const value = fieldExpression(relationSource(target), embed.node.alias, term.field, this.params).sql
      sql = `(select ${value} from ${fromClause(embed.node)} where ${embed.where.join(' and ')})`
    } else {
      sql = fieldExpression(source, alias, term.field, this.params).sql
    }
    if (term.direction) sql += ` ${term.direction}`
    if (term.nulls) sql += ` nulls ${term.nulls}`
    return sql
  }
}

export interface DocumentOptions {
  count: boolean
  /** What the body holds: the JSON array, its only element (singular), or nothing (HEAD). */
  body: 'array' | 'single' | 'none'
  stripNulls?: boolean
  /** SQL giving the total when it is not the root query's row count (writes). */
  totalSql?: string
  /** Statements the document depends on (`with … as (insert …)`). */
  withSql?: string
  /** SQL of the `inserted` column (upserts), null otherwise. */
  insertedSql?: string
}

/** Wraps a root select into `(total, page_count, body)`. */
export function documentSql(
  root: { select: string; whereSql: string; fromSql: string },
  options: DocumentOptions,
): string {
  const rows = '"pgrst_row"'
  const aggregate = `coalesce(json_agg(${rows}), '[]')`
  const strip = (sql: string) => (options.stripNulls ? `json_strip_nulls(${sql})` : sql)
  const body =
    options.body === 'none'
      ? 'null'
      : options.body === 'single'
        ? `(${strip(`json_agg(${rows})`)}->0)::text`
        : `${strip(aggregate)}::text`
  const total = options.totalSql ?? (options.count ? `(select count(*) from ${root.fromSql}${root.whereSql})` : 'null')
  return `${options.withSql ?? ''}select ${total}::bigint as "total", count(*)::bigint as "page_count", ${body} as "body", ${options.insertedSql ?? 'null'}::bigint as "inserted" from (${root.select}) as ${rows}`
}

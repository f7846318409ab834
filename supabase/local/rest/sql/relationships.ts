/**
 * Finds the relationship an embed names (`rel`, `rel!hint`), through foreign keys in either
 * direction or through a junction table, as PostgREST's schema cache does.
 */
import { RestError } from '../errors.ts'
import { EXPOSED_SCHEMA, type ForeignKey, type Relation, type SchemaCache } from '../schema-types.ts'
import { ident, qualified } from './params.ts'

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

export interface Relationship {
  parent: string
  target: string
  cardinality: Cardinality
  foreignKey: ForeignKey
  /** Pairs of joined columns (parent side, target side) for a direct relationship. */
  parentColumns: string[]
  targetColumns: string[]
  junction?: { table: string; parentKey: ForeignKey; targetKey: ForeignKey }
}

export function isToOne(relationship: Relationship): boolean {
  return relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one'
}

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((column) => b.includes(column))
}

function isUnique(relation: Relation | undefined, columns: string[]): boolean {
  return Boolean(relation?.uniqueKeys.some((key) => sameColumns(key, columns)))
}

function directRelationships(cache: SchemaCache, parent: string, target: string): Relationship[] {
  const found: Relationship[] = []
  for (const fk of cache.foreignKeys) {
    if (fk.table === parent && fk.refTable === target) {
      found.push({
        parent,
        target,
        cardinality: 'many-to-one',
        foreignKey: fk,
        parentColumns: fk.columns,
        targetColumns: fk.refColumns,
      })
    }
    if (fk.table === target && fk.refTable === parent) {
      const cardinality = isUnique(cache.relations.get(target), fk.columns) ? 'one-to-one' : 'one-to-many'
      found.push({
        parent,
        target,
        cardinality,
        foreignKey: fk,
        parentColumns: fk.refColumns,
        targetColumns: fk.columns,
      })
    }
  }
  return found
}

function junctionRelationships(cache: SchemaCache, parent: string, target: string): Relationship[] {
  const found: Relationship[] = []
  for (const junction of cache.relations.values()) {
    const pk = junction.primaryKey
    const keys = cache.foreignKeys.filter((fk) => fk.table === junction.name && fk.columns.every((c) => pk.includes(c)))
    for (const parentKey of keys.filter((fk) => fk.refTable === parent)) {
      for (const targetKey of keys.filter((fk) => fk.refTable === target && fk !== parentKey)) {
        found.push({
          parent,
          target,
          cardinality: 'many-to-many',
          foreignKey: parentKey,
          parentColumns: parentKey.refColumns,
          targetColumns: targetKey.refColumns,
          junction: { table: junction.name, parentKey, targetKey },
        })
      }
    }
  }
  return found
}

/** `rel` may also be a foreign key column of the parent: `author:author_id(name)`. */
function columnRelationships(cache: SchemaCache, parent: string, column: string): Relationship[] {
  return cache.foreignKeys
    .filter((fk) => fk.table === parent && fk.columns.length === 1 && fk.columns[0] === column)
    .map((fk) => ({
      parent,
      target: fk.refTable,
      cardinality: 'many-to-one' as const,
      foreignKey: fk,
      parentColumns: fk.columns,
      targetColumns: fk.refColumns,
    }))
}

function matchesHint(relationship: Relationship, hint: string): boolean {
  const { foreignKey, junction } = relationship
  if (junction) return [junction.table, junction.parentKey.name, junction.targetKey.name].includes(hint)
  if (foreignKey.name === hint) return true
  return foreignKey.columns.length === 1 && (foreignKey.columns[0] === hint || foreignKey.refColumns[0] === hint)
}

function describe(relationship: Relationship): Record<string, string> {
  const fk = relationship.junction?.parentKey ?? relationship.foreignKey
  const using = relationship.junction
    ? `${relationship.junction.parentKey.name}, ${relationship.junction.targetKey.name}`
    : `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${fk.refColumns.join(', ')})`
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.parent} with ${relationship.target}`,
    relationship: using,
  }
}

/**
 * A hinted self-reference yields the same key both ways: a column hint (`!mentor_id`) means the
 * to-one side, the constraint name the to-many side.
 */
function preferForSelfReference(candidates: Relationship[], hint: string | undefined): Relationship[] {
  if (hint === undefined || candidates.length !== 2 || candidates[0]!.foreignKey !== candidates[1]!.foreignKey)
    return candidates
  const wantToOne = hint !== candidates[0]!.foreignKey.name
  return candidates.filter((r) => (r.cardinality === 'many-to-one') === wantToOne)
}

export function resolveRelationship(cache: SchemaCache, parent: string, target: string, hint?: string): Relationship {
  let candidates = cache.relations.has(target)
    ? [...directRelationships(cache, parent, target), ...junctionRelationships(cache, parent, target)]
    : columnRelationships(cache, parent, target)
  if (hint !== undefined) candidates = candidates.filter((r) => matchesHint(r, hint))
  if (candidates.length > 1) candidates = preferForSelfReference(candidates, hint)
  if (candidates.length === 1) return candidates[0]!
  if (candidates.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${EXPOSED_SCHEMA}', but no matches were found.`,
      null,
    )
  }
  const options = candidates.map((r) => `'${target}!${r.junction ? r.junction.table : r.foreignKey.name}'`)
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${target}'`,
    candidates.map(describe),
    `Try changing '${target}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  )
}

/** The SQL condition joining the target rows (`targetAlias`) to their parent row (`parentAlias`). */
export function joinCondition(relationship: Relationship, parentAlias: string, targetAlias: string): string {
  const pairs = (leftAlias: string, left: string[], rightAlias: string, right: string[]) =>
    left
      .map((column, i) => `${ident(leftAlias)}.${ident(column)} = ${ident(rightAlias)}.${ident(right[i]!)}`)
      .join(' and ')
  const { junction } = relationship
  if (!junction) return pairs(targetAlias, relationship.targetColumns, parentAlias, relationship.parentColumns)
  const junctionAlias = `${targetAlias}_j`
  const toParent = pairs(junctionAlias, junction.parentKey.columns, parentAlias, junction.parentKey.refColumns)
  const toTarget = pairs(junctionAlias, junction.targetKey.columns, targetAlias, junction.targetKey.refColumns)
  return `exists (select 1 from ${qualified(EXPOSED_SCHEMA, junction.table)} as ${ident(junctionAlias)} where ${toParent} and ${toTarget})`
}

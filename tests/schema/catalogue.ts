/**
 * The parts of a database's catalogue that our SQL decides, as `key → description` entries: schemas
 * public and private whole, and what we add to auth and storage (triggers, policies, the bucket).
 * Two databases built from the same rules give equal maps; `diffCatalogues` says how two differ.
 */
import type { Database } from '../../supabase/local/db.ts'

export type Catalogue = Map<string, string>

const OURS = `('public', 'private')`

/** Each query answers rows of (key, value); a key names one object or one fact about it. */
const QUERIES: Record<string, string> = {
  tables: `
    select 'table ' || c.oid::regclass::text, 'kind ' || c.relkind::text || ', rls ' || c.relrowsecurity::text
           || ', forced ' || c.relforcerowsecurity::text
      from pg_class c where c.relnamespace::regnamespace::text in ${OURS} and c.relkind in ('r', 'p', 'v', 'm')`,
  columns: `
    select 'column ' || c.oid::regclass::text || '.' || a.attname,
           '#' || row_number() over (partition by a.attrelid order by a.attnum)::text || ' ' || format_type(a.atttypid, a.atttypmod)
           || case when a.attnotnull then ' not null' else '' end
           || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
           || case a.attidentity when '' then '' else ' identity ' || a.attidentity::text end
           || case a.attgenerated when '' then '' else ' generated ' || a.attgenerated::text end
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where c.relnamespace::regnamespace::text in ${OURS} and c.relkind in ('r', 'p', 'v', 'm', 'c')
       and a.attnum > 0 and not a.attisdropped`,
  constraints: `
    select 'constraint ' || coalesce(c.conrelid::regclass::text, c.contypid::regtype::text) || ' ' || c.conname,
           pg_get_constraintdef(c.oid)
      from pg_constraint c where c.connamespace::regnamespace::text in ${OURS}`,
  indexes: `
    select 'index ' || i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
      from pg_index i join pg_class c on c.oid = i.indexrelid
     where c.relnamespace::regnamespace::text in ${OURS}`,
  policies: `
    select 'policy ' || p.schemaname || '.' || p.tablename || ' "' || p.policyname || '"',
           p.permissive || ' ' || p.cmd || ' to ' || array_to_string(p.roles, ', ')
           || coalesce(' using ' || p.qual, '') || coalesce(' with check ' || p.with_check, '')
      from pg_policies p
     where p.schemaname in ${OURS} or p.schemaname = 'storage' or p.schemaname = 'auth'`,
  functions: `
    select 'function ' || p.oid::regprocedure::text,
           'returns ' || pg_get_function_result(p.oid) || ', args (' || pg_get_function_arguments(p.oid) || '), '
           || l.lanname || ', ' || case p.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end
           || case when p.prosecdef then ', security definer' else ', security invoker' end
           || case when p.proisstrict then ', strict' else '' end
           || case when p.proleakproof then ', leakproof' else '' end
           || ', parallel ' || p.proparallel::text
           || coalesce(', set ' || array_to_string(p.proconfig, ', '), '')
      from pg_proc p join pg_language l on l.oid = p.prolang
     where p.pronamespace::regnamespace::text in ${OURS}`,
  bodies: `
    select 'body ' || p.oid::regprocedure::text, coalesce(p.prosrc, '') || coalesce(pg_get_function_sqlbody(p.oid), '')
      from pg_proc p where p.pronamespace::regnamespace::text in ${OURS}`,
  triggers: `
    select 'trigger ' || t.tgrelid::regclass::text || ' ' || t.tgname,
           pg_get_triggerdef(t.oid) || case t.tgenabled when 'O' then '' else ' (enabled ' || t.tgenabled::text || ')' end
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc f on f.oid = t.tgfoid
     where not t.tgisinternal
       and (c.relnamespace::regnamespace::text in ${OURS} or f.pronamespace::regnamespace::text in ${OURS})`,
  views: `
    select 'view ' || c.oid::regclass::text, pg_get_viewdef(c.oid)
           || coalesce(' options ' || array_to_string(c.reloptions, ', '), '')
      from pg_class c where c.relnamespace::regnamespace::text in ${OURS} and c.relkind in ('v', 'm')`,
  types: `
    select 'type ' || t.oid::regtype::text,
           t.typtype::text || coalesce(' ' || (select string_agg(e.enumlabel, ', ' order by e.enumsortorder)
                                                 from pg_enum e where e.enumtypid = t.oid), '')
      from pg_type t left join pg_class c on c.oid = t.typrelid
     where t.typnamespace::regnamespace::text in ${OURS} and t.typtype in ('c', 'e', 'd')
       and (c.relkind is null or c.relkind = 'c')`,
  tableGrants: `
    select 'grant ' || c.oid::regclass::text || ' to ' || coalesce(nullif(a.grantee::regrole::text, '-'), 'public')
           || ' ' || a.privilege_type, case when a.is_grantable then 'with grant option' else '' end
      from pg_class c, aclexplode(c.relacl) a
     where c.relnamespace::regnamespace::text in ${OURS} and a.grantee <> c.relowner`,
  columnGrants: `
    select 'grant ' || c.oid::regclass::text || '.' || att.attname || ' to '
           || coalesce(nullif(a.grantee::regrole::text, '-'), 'public') || ' ' || a.privilege_type, ''
      from pg_attribute att join pg_class c on c.oid = att.attrelid, aclexplode(att.attacl) a
     where c.relnamespace::regnamespace::text in ${OURS}`,
  functionGrants: `
    select 'grant ' || p.oid::regprocedure::text || ' to ' || coalesce(nullif(a.grantee::regrole::text, '-'), 'public')
           || ' ' || a.privilege_type, ''
      from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
     where p.pronamespace::regnamespace::text in ${OURS} and a.grantee <> p.proowner`,
  schemaGrants: `
    select 'grant schema ' || n.nspname || ' to ' || coalesce(nullif(a.grantee::regrole::text, '-'), 'public')
           || ' ' || a.privilege_type, ''
      from pg_namespace n, aclexplode(n.nspacl) a where n.nspname in ${OURS} and a.grantee <> n.nspowner`,
  defaultPrivileges: `
    select 'default privileges ' || coalesce(d.defaclnamespace::regnamespace::text, 'all schemas') || ' '
           || d.defaclobjtype::text || ' for ' || d.defaclrole::regrole::text, array_to_string(d.defaclacl, ' ')
      from pg_default_acl d`,
  comments: `
    select 'comment ' || d.classoid::regclass::text || ' ' || case d.classoid
             when 'pg_proc'::regclass then d.objoid::regprocedure::text
             when 'pg_class'::regclass then d.objoid::regclass::text || coalesce('.' || att.attname, '')
             else d.objoid::text end, d.description
      from pg_description d left join pg_attribute att
        on d.classoid = 'pg_class'::regclass and att.attrelid = d.objoid and att.attnum = d.objsubid and d.objsubid > 0
     where (d.classoid = 'pg_proc'::regclass and (select pronamespace::regnamespace::text from pg_proc where oid = d.objoid) in ${OURS})
        or (d.classoid = 'pg_class'::regclass and (select relnamespace::regnamespace::text from pg_class where oid = d.objoid) in ${OURS})`,
  extensions: `
    select 'extension ' || e.extname, e.extnamespace::regnamespace::text from pg_extension e`,
  buckets: `
    select 'bucket ' || b.id, 'public ' || b.public::text || ', size ' || coalesce(b.file_size_limit::text, 'any')
           || ', types ' || coalesce(array_to_string(b.allowed_mime_types, ' '), 'any')
      from storage.buckets b`,
}

/**
 * Reads the catalogue of our objects, in one transaction whose search_path is empty, so every name
 * prints qualified. Deterministic: the same SQL gives the same map.
 */
export function readCatalogue(db: Database): Promise<Catalogue> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local search_path = ''`)
    const catalogue: Catalogue = new Map()
    for (const sql of Object.values(QUERIES)) {
      const { rows } = await tx.query<{ key: string; value: string }>(
        `select q.k as "key", q.v as "value" from (${sql}) as q(k, v)`,
      )
      for (const row of rows) catalogue.set(row.key, row.value)
    }
    return catalogue
  })
}

export interface CatalogueDifference {
  key: string
  left?: string
  right?: string
}

/** Every key whose entry the two catalogues do not share, in key order. */
export function diffCatalogues(left: Catalogue, right: Catalogue): CatalogueDifference[] {
  const keys = [...new Set([...left.keys(), ...right.keys()])].sort()
  return keys
    .filter((key) => left.get(key) !== right.get(key))
    .map((key) => ({ key, left: left.get(key), right: right.get(key) }))
}

/** The first line where two texts part, with its number, so a long function body reads short. */
function firstDifference(left: string, right: string): string {
  const a = left.split('\n')
  const b = right.split('\n')
  const line = a.findIndex((text, index) => text !== b[index])
  const at = line === -1 ? a.length : line
  return `line ${at + 1}:\n      ${JSON.stringify(a[at] ?? '(end)')}\n      ${JSON.stringify(b[at] ?? '(end)')}`
}

/** A readable report: what only one side has, and for an entry both have, each side's version. */
export function formatDifferences(differences: CatalogueDifference[], labels: { left: string; right: string }): string {
  return differences
    .map(({ key, left, right }) => {
      if (right === undefined) return `- ${key}\n    only in ${labels.left}: ${left}`
      if (left === undefined) return `+ ${key}\n    only in ${labels.right}: ${right}`
      if (key.startsWith('body ')) return `~ ${key} differs at ${firstDifference(left, right)}`
      return `~ ${key}\n    ${labels.left}: ${left}\n    ${labels.right}: ${right}`
    })
    .join('\n')
}

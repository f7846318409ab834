/**
 * Figures of the code's vocabulary and structure: the names a book's id goes by, the routes a
 * refusal takes to the screen, `as X` casts in the edge functions, how often the list of plans is
 * declared, the longest functions and components, inline query-key literals, the client getters'
 * call sites, queries that pass TanStack's abort signal, and the README's size.
 * Reads the checkout given as the first argument (default: the current directory); test files and
 * the generated database types are left out. Not a test; prints figures.
 *   npx tsx scripts/structure-figures.ts [checkout]
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const ROOT = path.resolve(process.argv[2] ?? '.')
const CODE_DIRS = ['src', 'supabase/functions', 'contracts', 'shared']
const GENERATED = new Set(['contracts/database.ts', 'src/types/database.ts'])

interface SourceFile {
  relative: string
  text: string
  ast: ts.SourceFile
}

function isTestPath(relative: string): boolean {
  return /\.test\.tsx?$|type-test\.ts$|\.spec\.tsx?$|(^|\/)(test|tests|__tests__)\//.test(relative)
}

function walk(directory: string): string[] {
  const absolute = path.join(ROOT, directory)
  if (!fs.existsSync(absolute)) return []
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(relative)
    return [relative]
  })
}

function loadSources(directories: string[]): SourceFile[] {
  return directories
    .flatMap(walk)
    .filter((relative) => /\.tsx?$/.test(relative) && !relative.endsWith('.d.ts'))
    .filter((relative) => !isTestPath(relative) && !GENERATED.has(relative))
    .map((relative) => {
      const text = fs.readFileSync(path.join(ROOT, relative), 'utf8')
      const kind = relative.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
      return { relative, text, ast: ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true, kind) }
    })
}

function sqlSchemaText(): string {
  return walk('supabase/schemas')
    .filter((relative) => relative.endsWith('.sql'))
    .map((relative) => fs.readFileSync(path.join(ROOT, relative), 'utf8'))
    .join('\n')
}

function countMatches(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length
}

function visitAll(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node)
  ts.forEachChild(node, (child) => visitAll(child, visit))
}

function nodesOf<T extends ts.Node>(sources: SourceFile[], guard: (node: ts.Node) => node is T) {
  const found: { source: SourceFile; node: T }[] = []
  for (const source of sources) {
    visitAll(source.ast, (node) => {
      if (guard(node)) found.push({ source, node })
    })
  }
  return found
}

function lineOf(source: SourceFile, position: number): number {
  return source.ast.getLineAndCharacterOfPosition(position).line + 1
}

function section(title: string, lines: string[]): void {
  console.log(`\n## ${title}`)
  for (const line of lines) console.log(line)
}

// ---------------------------------------------------------------- a book's id

const BOOK_ID_NAMES = [
  'book_id',
  'book_uuid',
  'bookId',
  'bookUuid',
  'bookRef',
  'book_ref',
  'bookCode',
  'short_code',
  'shortCode',
]
const BOOK_ID_QUERY_PARAMETERS = ['book', 'book_id', 'bookId', 'book_uuid', 'short_code', 'ref', 'book_ref']

function bookIdFigures(sources: SourceFile[], sql: string): string[] {
  const text = sources.map((source) => source.text).join('\n') + '\n' + sql
  const names = BOOK_ID_NAMES.map((name) => [name, countMatches(text, new RegExp(`\\b${name}\\b`, 'g'))] as const)
  const parameters = BOOK_ID_QUERY_PARAMETERS.map(
    (name) => [`?${name}=`, countMatches(text, new RegExp(`[?&]${name}=`, 'g'))] as const,
  )
  const routeParameters = new Map<string, number>()
  for (const match of text.matchAll(/['"`]\/[a-z0-9/-]*\/:([A-Za-z_]+)/g)) {
    routeParameters.set(`:${match[1]}`, (routeParameters.get(`:${match[1]}`) ?? 0) + 1)
  }
  const inUse = [...names, ...parameters].filter(([, count]) => count > 0)
  const shortCodeColumn = /create table public\.memory_books \([^;]*?\n\s*book_id text/s.test(sql)
  return [
    `names in use for a book's id (identifiers + query parameters + route parameters): ${inUse.length + routeParameters.size}`,
    `  identifiers: ${names.map(([name, count]) => `${name}=${count}`).join(' ')}`,
    `  query parameters: ${parameters.map(([name, count]) => `${name}${count}`).join(' ')}`,
    `  route parameters: ${[...routeParameters].map(([name, count]) => `${name}=${count}`).join(' ')}`,
    `  memory_books.book_id is the short code (book_id means two things): ${shortCodeColumn ? 'yes' : 'no'}`,
    `  uuid columns named book_id in the schema: ${countMatches(sql, /\bbook_id uuid\b/g)}`,
  ]
}

// ---------------------------------------------------------------- refusals

function statusTables(sources: SourceFile[]) {
  return nodesOf(sources, ts.isObjectLiteralExpression).filter(({ node }) => {
    const properties = node.properties
    return (
      properties.length >= 2 &&
      properties.every(
        (property) =>
          ts.isPropertyAssignment(property) &&
          ts.isNumericLiteral(property.initializer) &&
          Number(property.initializer.text) >= 400 &&
          Number(property.initializer.text) < 600,
      )
    )
  })
}

function sqlReasons(sql: string): Set<string> {
  const reasons = new Set<string>()
  for (const match of sql.matchAll(/private\.(?:refuse|deny)\(\s*'(?:[^']|'')*'\s*,\s*'([a-z0-9_]+)'/g))
    reasons.add(match[1]!)
  for (const match of sql.matchAll(/row\(\s*false\s*,\s*'([a-z0-9_]+)'/g)) reasons.add(match[1]!)
  return reasons
}

function refusalFigures(sources: SourceFile[], sql: string): string[] {
  const functions = sources.filter((source) => source.relative.startsWith('supabase/functions/'))
  const app = sources.filter((source) => source.relative.startsWith('src/'))
  const contracts = sources.filter((source) => source.relative.startsWith('contracts/'))
  const tables = statusTables(functions)
  const reasons = sqlReasons(sql)
  const contractText = contracts.map((source) => source.text).join('\n')
  const unnamed = [...reasons].filter((reason) => !contractText.includes(`'${reason}'`))
  const languageTests = app.filter(
    (source) => /\\u0590-\\u05FF\]/i.test(source.text) && /\.message\b/.test(source.text),
  )
  const rawThrows = app.reduce((sum, source) => sum + countMatches(source.text, /\bthrow error\b/g), 0)
  const routes = [
    countMatches(sql, /return\s+row\(\s*false\b/g),
    countMatches(sql, /private\.(refuse|deny)[a-z_]*\(/g),
    tables.length,
    languageTests.length,
  ]
  return [
    `routes a refusal takes (of: SQL row(false), SQL raise, function reason->status tables, screens testing a message's language): ${routes.filter((count) => count > 0).length}`,
    `  SQL functions answering row(false, ...): ${routes[0]}`,
    `  SQL refusals raised (private.refuse/deny*): ${routes[1]}`,
    `  reason->status tables in supabase/functions: ${tables.length} (${[...new Set(tables.map(({ source }) => source.relative))].join(', ')})`,
    `  screens deciding by a message's language: ${languageTests.length} (${languageTests.map((source) => source.relative).join(', ')})`,
    `  app code rethrowing a raw database error (throw error): ${rawThrows}`,
    `  distinct reasons the SQL gives: ${reasons.size}; named in no contract: ${unnamed.length}`,
  ]
}

// ---------------------------------------------------------------- casts and clients

function castFigures(sources: SourceFile[]): string[] {
  const functions = sources.filter((source) => source.relative.startsWith('supabase/functions/'))
  const casts = nodesOf(functions, ts.isAsExpression).filter(({ node }) => node.type.getText() !== 'const')
  const clients = functions.map((source) => source.text).join('\n')
  const untypedCreates = countMatches(clients, /\bcreateClient\(/g)
  const serviceClientTyped = /type ServiceClient = SupabaseClient<\s*Database/.test(clients)
  return [
    `'as X' casts in supabase/functions (not 'as const'): ${casts.length}`,
    `  createClient without the Database type in supabase/functions: ${untypedCreates}`,
    `  ServiceClient typed with the generated Database types: ${serviceClientTyped ? 'yes' : 'no'}`,
  ]
}

function clientGetterFigures(sources: SourceFile[]): string[] {
  const calls = nodesOf(sources, ts.isCallExpression)
  const count = (name: string) =>
    calls.filter(({ node }) => ts.isIdentifier(node.expression) && node.expression.text === name).length
  return ['getSupabase', 'getTypedSupabase'].map((name) => `${name}() call sites: ${count(name)}`)
}

// ---------------------------------------------------------------- plans

const PLAN_NAMES = ['basic', 'pro', 'full']

function stringElements(node: ts.ArrayLiteralExpression): string[] {
  return node.elements.filter(ts.isStringLiteral).map((element) => element.text)
}

function unionLiterals(node: ts.UnionTypeNode): string[] {
  return node.types
    .filter(ts.isLiteralTypeNode)
    .map((type) => type.literal)
    .filter(ts.isStringLiteral)
    .map((literal) => literal.text)
}

function objectKeys(node: ts.ObjectLiteralExpression): string[] {
  return node.properties.flatMap((property) =>
    property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? [property.name.text] : [],
  )
}

/** The Hebrew names a plan-keyed object gives the plans, e.g. "pro=חבילת פרו". */
function hebrewPlanNames(node: ts.ObjectLiteralExpression): string[] {
  return node.properties.flatMap((property) =>
    ts.isPropertyAssignment(property) &&
    PLAN_NAMES.includes(property.name.getText()) &&
    ts.isStringLiteral(property.initializer) &&
    /[\u0590-\u05FF]/.test(property.initializer.text)
      ? [`${property.name.getText()}=${property.initializer.text}`]
      : [],
  )
}

function holdsEveryPlan(names: string[]): boolean {
  return PLAN_NAMES.every((plan) => names.includes(plan))
}

function planFigures(sources: SourceFile[], sql: string): string[] {
  const lists = nodesOf(sources, ts.isArrayLiteralExpression).filter(({ node }) => holdsEveryPlan(stringElements(node)))
  const unions = nodesOf(sources, ts.isUnionTypeNode).filter(({ node }) => holdsEveryPlan(unionLiterals(node)))
  const tables = nodesOf(sources, ts.isObjectLiteralExpression).filter(({ node }) => holdsEveryPlan(objectKeys(node)))
  const named = tables.filter(({ node }) => /[\u0590-\u05FF]/.test(node.getText()))
  const spellings = new Set(named.flatMap(({ node }) => hebrewPlanNames(node)))
  const sqlLists = countMatches(sql, /in \('basic', 'pro', 'full'/g)
  const place = ({ source, node }: { source: SourceFile; node: ts.Node }) =>
    `${source.relative}:${lineOf(source, node.getStart())}`
  const prices = sources.filter((source) => /\d\s*₪|₪\s*\d/.test(source.text))
  return [
    `plan list declarations in code (arrays + union types holding basic, pro and full): ${lists.length + unions.length}`,
    `  ${[...lists, ...unions].map(place).join(', ')}`,
    `  plan lists in SQL check constraints / conditions: ${sqlLists}`,
    `  objects keyed by every plan: ${tables.length}; of them Hebrew plan-name tables: ${named.length}`,
    `  spellings of the three plans' Hebrew names: ${spellings.size} (${[...spellings].join(' | ')})`,
    `  files writing a price into text (digits beside ₪): ${prices.length} (${prices.map((source) => source.relative).join(', ')})`,
  ]
}

// ---------------------------------------------------------------- functions and components

type FunctionNode = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration

function isFunctionNode(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node)
  )
}

function functionName(node: FunctionNode): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText()
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText()
  if (ts.isCallExpression(parent)) {
    const outer = ts.isVariableDeclaration(parent.parent) ? parent.parent.name.getText() : '<anonymous>'
    return `${outer} (${parent.expression.getText().slice(0, 40)} callback)`
  }
  return '<anonymous>'
}

function measuredFunctions(sources: SourceFile[]) {
  return nodesOf(sources, isFunctionNode).map(({ source, node }) => ({
    name: functionName(node),
    file: source.relative,
    lines: lineOf(source, node.getEnd()) - lineOf(source, node.getStart()) + 1,
  }))
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

function longestFigures(sources: SourceFile[]): string[] {
  const measured = measuredFunctions(sources.filter((source) => /^(src|supabase\/functions)\//.test(source.relative)))
  const byLength = [...measured].sort((a, b) => b.lines - a.lines)
  const components = byLength.filter(({ name, file }) => file.endsWith('.tsx') && /^[A-Z][A-Za-z0-9]*$/.test(name))
  const row = ({ name, file, lines }: (typeof measured)[number]) => `  ${String(lines).padStart(4)}  ${name}  ${file}`
  return [
    `functions measured: ${measured.length}; median lines: ${median(measured.map(({ lines }) => lines))}`,
    'ten longest functions (lines, name, file), src/ and supabase/functions:',
    ...byLength.slice(0, 10).map(row),
    'ten longest functions that are not components:',
    ...byLength
      .filter((measuredFunction) => !components.includes(measuredFunction))
      .slice(0, 10)
      .map(row),
    `components measured: ${components.length}; over 150 lines: ${components.filter(({ lines }) => lines > 150).length}`,
    'ten longest components (lines, name, file):',
    ...components.slice(0, 10).map(row),
  ]
}

// ---------------------------------------------------------------- queries

const QUERY_CLIENT_KEY_METHODS = new Set(['setQueryData', 'getQueryData', 'setQueriesData', 'getQueriesData'])

function isKeyFactoryFile(relative: string): boolean {
  return /(^|[-/])(query-)?keys\.ts$/.test(relative)
}

/** The name a function is declared under: its own, its variable's, or `<factory>.<property>` in an object. */
function declaredName(fn: ts.Node | undefined): string {
  if (!fn) return ''
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text ?? ''
  const parent = fn.parent
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText()
  if (parent && ts.isPropertyAssignment(parent)) return factoryName(parent)
  return ''
}

/** `bookKeys` for a property of `const bookKeys = { … }`: a key factory by its name. */
function factoryName(property: ts.PropertyAssignment): string {
  const object = property.parent
  const holder = object.parent
  return holder && ts.isVariableDeclaration(holder) && /Keys$/.test(holder.name.getText()) ? holder.name.getText() : ''
}

/**
 * Where an array literal is a query (or mutation) key: the value of `queryKey` / `mutationKey`, the
 * first argument of setQueryData and its kin, a variable or function named …Key, or an entry of a
 * key-factory object named …Keys. (Arrays of strings named …Keys, e.g. translation keys, are not.)
 */
function isKeyPosition(node: ts.ArrayLiteralExpression): boolean {
  const parent = node.parent
  const owner = ts.isAsExpression(parent) ? parent.parent : parent
  if (ts.isPropertyAssignment(owner)) {
    return ['queryKey', 'mutationKey'].includes(owner.name.getText()) || factoryName(owner) !== ''
  }
  if (ts.isVariableDeclaration(owner)) return /Key$/.test(owner.name.getText())
  if (ts.isCallExpression(owner) && owner.arguments[0] === node) {
    const callee = owner.expression
    return ts.isPropertyAccessExpression(callee) && QUERY_CLIENT_KEY_METHODS.has(callee.name.text)
  }
  const returner = ts.isArrowFunction(owner) ? owner : ts.isReturnStatement(owner) ? owner.parent?.parent : undefined
  return /Keys?$/.test(declaredName(returner))
}

function queryFigures(sources: SourceFile[]): string[] {
  const app = sources.filter((source) => source.relative.startsWith('src/'))
  const keys = nodesOf(app, ts.isArrayLiteralExpression).filter(
    ({ source, node }) =>
      !isKeyFactoryFile(source.relative) && isKeyPosition(node) && node.elements.some(ts.isStringLiteral),
  )
  const factories = app.filter((source) => isKeyFactoryFile(source.relative))
  const queryFns = nodesOf(app, ts.isPropertyAssignment).filter(({ node }) => node.name.getText() === 'queryFn')
  const withSignal = queryFns.filter(({ node }) => /\bsignal\b/.test(node.initializer.getText()))
  return [
    `inline query-key literals outside a key factory: ${keys.length} in ${new Set(keys.map(({ source }) => source.relative)).size} files`,
    ...keys.map(
      ({ source, node }) => `  ${source.relative}:${lineOf(source, node.getStart())}  ${node.getText().slice(0, 60)}`,
    ),
    `query-key factories: ${factories.length} (${factories.map((source) => source.relative).join(', ')})`,
    `queryFn written: ${queryFns.length}; passing TanStack's signal: ${withSignal.length}`,
  ]
}

// ---------------------------------------------------------------- config and README

function configFigures(): string[] {
  const config = fs.readFileSync(path.join(ROOT, 'supabase/config.toml'), 'utf8')
  const listed = new Set([...config.matchAll(/^\[functions\.([A-Za-z0-9_-]+)\]/gm)].map((match) => match[1]!))
  const folders = fs
    .readdirSync(path.join(ROOT, 'supabase/functions'), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && fs.existsSync(path.join(ROOT, 'supabase/functions', entry.name, 'index.ts')),
    )
    .map((entry) => entry.name)
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  return [
    `function folders: ${folders.length}; listed in config.toml: ${listed.size}; folders not listed: ${folders.filter((name) => !listed.has(name)).join(', ') || 'none'}`,
    `README.md: ${Buffer.byteLength(readme)} bytes, ${readme.split('\n').length} lines, ${countMatches(readme, /^#{1,3} /gm)} headings`,
  ]
}

const sources = loadSources(CODE_DIRS)
const sql = sqlSchemaText()
console.log(`# Structure figures of ${ROOT}`)
console.log(`files read: ${sources.length} TypeScript (no tests, no generated types) + supabase/schemas/*.sql`)
section("A book's id", bookIdFigures(sources, sql))
section('Refusals', refusalFigures(sources, sql))
section('Casts in the functions', castFigures(sources))
section('Client getters', clientGetterFigures(sources))
section('Plans', planFigures(sources, sql))
section('Longest functions and components', longestFigures(sources))
section('Queries', queryFigures(sources))
section('Config and README', configFigures())

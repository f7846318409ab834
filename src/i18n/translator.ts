/**
 * The typed translator behind every string catalogue (src/i18n and each domain's strings folder). Each catalogue is a nested
 * object of Hebrew strings; `createTranslator(catalogue)` gives its `t('a.b.c', params?)`.
 * Catalogues import this file by a relative path, so Node scripts (benchmarks, e2e) load them without the @/ alias.
 */
type JoinPath<Prefix extends string, Key extends string> = Prefix extends '' ? Key : `${Prefix}.${Key}`

type LeafPaths<Node, Prefix extends string = ''> = {
  [Key in keyof Node & string]: Node[Key] extends string
    ? JoinPath<Prefix, Key>
    : LeafPaths<Node[Key], JoinPath<Prefix, Key>>
}[keyof Node & string]

type ValueAt<Node, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof Node
    ? ValueAt<Node[Head], Rest>
    : never
  : Path extends keyof Node
    ? Node[Path]
    : never

type VariableNames<Text> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | VariableNames<Rest> : never

/** Every dotted path that leads to a string, e.g. `'landing.hero.cta'`. */
export type TranslationKey<Catalogue> = LeafPaths<Catalogue>

/** The values a key's variables need, e.g. `{ year, company }` for `'footer.copyright'`. */
export type TranslationParams<Catalogue, Key extends TranslationKey<Catalogue>> = Record<
  VariableNames<ValueAt<Catalogue, Key>>,
  string | number
>

/** Keys whose strings have no variables: `t(key)` needs nothing more. */
export type PlainTranslationKey<Catalogue> = {
  [Key in TranslationKey<Catalogue>]: [VariableNames<ValueAt<Catalogue, Key>>] extends [never] ? Key : never
}[TranslationKey<Catalogue>]

type ParamsArgument<Catalogue, Key extends TranslationKey<Catalogue>> = [
  VariableNames<ValueAt<Catalogue, Key>>,
] extends [never]
  ? []
  : [params: TranslationParams<Catalogue, Key>]

function lookUp(catalogue: object, path: string): string {
  let node: unknown = catalogue
  for (const segment of path.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined
  }
  if (typeof node !== 'string') throw new Error(`Missing string in catalogue: ${path}`)
  return node
}

function interpolate(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match))
}

export type Translator<Catalogue> = <Key extends TranslationKey<Catalogue>>(
  key: Key,
  ...args: ParamsArgument<Catalogue, Key>
) => string

/**
 * A typed `t(key, params?)` over one catalogue: the Hebrew string at `key`, with its `{variables}`
 * filled from `params`. A key that is not in the catalogue, or a missing variable, is a type error.
 */
export function createTranslator<const Catalogue extends object>(catalogue: Catalogue): Translator<Catalogue> {
  return (key, ...args) => {
    const [params] = args as [Record<string, string | number>?]
    const text = lookUp(catalogue, key)
    return params ? interpolate(text, params) : text
  }
}

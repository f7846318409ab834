/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys, e.g.
 * `line_items[0][price_data][unit_amount]=9900&metadata[book_id]=…&payment_method_types[0]=card`.
 * Decoded into nested objects; objects whose keys are all indexes become arrays. Values stay strings.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const base = /^[^[]*/.exec(key)![0];
  const rest = [...key.slice(base.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
  return [base, ...rest];
}

function assign(target: FormObject, path: string[], value: string): void {
  let node: FormObject = target;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as FormObject;
  });
}

function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysFromIndexes(value[key]!)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

export function parseStripeForm(body: string): FormObject {
  const result: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) assign(result, keyPath(key), value);
  return arraysFromIndexes(result) as FormObject;
}

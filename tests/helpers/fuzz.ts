// fast-check arbitraries generated from a route's JSON schemas: values of the right shape most of the time, and
// hostile ones in their place (huge and negative numbers, NUL and control characters, lone surrogates, very long
// text, wrong types), so a fuzzing run reaches the handlers' logic as well as the validators.
import fc from 'fast-check'
import type { RouteOptions } from 'fastify'

export interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  allOf?: JsonSchema[]
  const?: unknown
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  format?: string
  items?: JsonSchema
}

const long = (n: number) => 'x'.repeat(n)

/** Text that has broken servers before: lone UTF-16 surrogates (jsonb and UTF-8 refuse them) anywhere in a string,
 * a pair in the wrong order, NUL and other control characters, bidirectional overrides, very long text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'),
      fc.string({ maxLength: 10 }),
    )
    .map((parts) => parts.join('')),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007\u001b[31m', '\u202eevil', '\ufeff', '💥🌊洪水', long(5_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** Inputs that have broken servers before, whatever the field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    1e20,
    -1,
    0,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    -(2 ** 63),
    1.5,
    1e308,
    5e-324,
    '1e20',
    '99999999999999999999',
    '9223372036854775808',
    '-1',
    '0',
    'NaN',
    'Infinity',
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '\u202eevil',
    '\ufeff',
    '\ud800',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '💥🌊洪水',
    'null',
    null,
    true,
    false,
    [],
    {},
    [1, 2],
    { a: 1 },
    ['\u0000'],
    long(5_000),
    long(70_000),
  ),
  hostileText,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.array(fc.integer(), { maxLength: 30 }),
)

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.format === 'date')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
  const maxLength = Math.min(schema.maxLength ?? 60, 60)
  const minLength = Math.min(schema.minLength ?? 0, maxLength)
  const edge = schema.maxLength === undefined ? [] : [long(schema.maxLength), long(schema.maxLength + 1)]
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    ...(edge.length ? [fc.constantFrom(...edge)] : []),
  )
}

/** A value of the schema's shape (bounds included, and one past them). */
export function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valueOf))
  if (schema.allOf || schema.type === 'object') return objectOf(schema)
  switch (schema.type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER)
      const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER)
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }),
        fc.constantFrom(min, max, max + 1, min - 1),
      )
    }
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer())
    case 'string':
      return validString(schema)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(schema.items ? valueOf(schema.items) : hostileValue, { maxLength: 5 })
    default:
      return hostileValue
  }
}

/** Mostly the right shape, sometimes anything at all. */
export const fuzzValue = (schema: JsonSchema): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: valueOf(schema) }, { weight: 2, arbitrary: hostileValue })

function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  const parts = schema.allOf ?? [schema]
  return {
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    required: parts.flatMap((p) => p.required ?? []),
  }
}

/** Values that pass a field's deeper checks (a real wallet, an existing id), by field name. */
export type KnownValues = Record<string, readonly unknown[]>

/** For one field: a known good value often, else a fuzzed one. */
export function fieldValue(name: string, schema: JsonSchema, known: KnownValues = {}): fc.Arbitrary<unknown> {
  const good = known[name]
  if (!good?.length) return fuzzValue(schema)
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...good) },
    { weight: 1, arbitrary: fuzzValue(schema) },
  )
}

/** An object with the schema's properties: required ones usually present, any may be missing or hostile. */
export function objectOf(schema: JsonSchema, known: KnownValues = {}): fc.Arbitrary<Record<string, unknown>> {
  const { properties, required } = propertiesOf(schema)
  const values = Object.fromEntries(
    Object.entries(properties).map(([key, s]) => [key, fieldValue(key, s, known)]),
  )
  const record = fc.record(values, { requiredKeys: [] })
  const complete = fc.record(values, {
    requiredKeys: required.filter((k) => k in properties) as never[],
  })
  const extra = fc.dictionary(fc.string({ unit: 'binary', maxLength: 12 }), hostileValue, { maxKeys: 3 })
  return fc.oneof(
    { weight: 4, arbitrary: complete },
    { weight: 1, arbitrary: record },
    { weight: 1, arbitrary: fc.tuple(complete, extra).map(([a, b]) => ({ ...b, ...a })) },
  )
}

/** The route's schema part, as a JSON schema (or undefined). */
export function schemaOf(
  route: RouteOptions,
  part: 'params' | 'querystring' | 'body',
): JsonSchema | undefined {
  return (route.schema as Record<string, JsonSchema | undefined> | undefined)?.[part]
}

/** `?a=1&a=2` from an object of fuzzed values (arrays repeat the key; anything else is its text). */
export function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, textOf(one))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** How a value travels in a URL or a form field. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** A path segment for any text, lone surrogates included (encodeURIComponent throws on those). */
export function pathSegment(value: unknown): string {
  return [...Buffer.from(textOf(value), 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
}

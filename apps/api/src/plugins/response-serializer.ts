import fastJson from 'fast-json-stringify'
import { type ZodType, z } from 'zod'

type JsonSchema = { [key: string]: unknown }

/**
 * Serializes every answer through its declared zod response schema, compiled once to JSON
 * Schema for fast-json-stringify: only declared fields leave the server (the allow-list), at
 * Fastify's native speed. The zod type provider's own serializer re-validates every answer
 * with zod and cost a tenth of the health budget (docs/decisions/0004).
 */
export function responseSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  // Compiled at the route's first answer: compiling every route's before listening took ~200 ms
  // of each start (decision 0042).
  let serialize: ((data: unknown) => string) | undefined
  return (data) => {
    serialize ??= compile(schema)
    return serialize(data)
  }
}

function compile(schema: unknown): (data: unknown) => string {
  return fastJson(serializationSchema(schema) as unknown as Parameters<typeof fastJson>[0])
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema. */
export function serializationSchema(schema: unknown): JsonSchema {
  const json = forSerializer(z.toJSONSchema(schema as ZodType, { io: 'output', unrepresentable: 'any' }))
  delete json.$schema
  return json
}

/**
 * Formats (date, uuid, email) are input checks: the serializer must pass such strings as they
 * are. Nullable fields become type lists (below), so that no Ajv is built to serialize them.
 */
function forSerializer(schema: JsonSchema): JsonSchema {
  const copy: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'format' || key === 'pattern') continue
    copy[key] = transform(value)
  }
  return nullableAsTypeList(copy)
}

/**
 * zod writes `X | null` as an anyOf, which fast-json-stringify picks a branch of with Ajv: an
 * Ajv built for the serializer, compiled at its first answer (about 25 ms for appOptions, paid by
 * the first patient after a start) and run for every nullable value. A type list is checked with
 * typeof, and the object branch keeps its allow-list of properties.
 */
function nullableAsTypeList(schema: JsonSchema): JsonSchema {
  const { anyOf, ...siblings } = schema
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema
  const nonNull = anyOf.filter((branch: JsonSchema) => branch.type !== 'null')
  const [value] = nonNull as JsonSchema[]
  if (nonNull.length !== 1 || !value || typeof value.type !== 'string' || 'anyOf' in value) return schema
  return { ...siblings, ...value, type: [value.type, 'null'] }
}

function transform(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(transform)
  if (value && typeof value === 'object') return forSerializer(value as JsonSchema)
  return value
}

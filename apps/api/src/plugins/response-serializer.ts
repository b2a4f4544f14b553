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
  const json = withoutFormats(z.toJSONSchema(schema as ZodType, { io: 'output', unrepresentable: 'any' }))
  delete json.$schema
  return fastJson(json as unknown as Parameters<typeof fastJson>[0])
}

/** Formats (date, uuid, email) are input checks; the serializer must pass such strings as they are. */
function withoutFormats(schema: JsonSchema): JsonSchema {
  const copy: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'format' || key === 'pattern') continue
    copy[key] = transform(value)
  }
  return copy
}

function transform(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(transform)
  if (value && typeof value === 'object') return withoutFormats(value as JsonSchema)
  return value
}

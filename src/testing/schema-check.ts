/**
 * A validator for the subset of JSON Schema the official OpenAPI document uses (type,
 * properties, required, items, enum, nullable, oneOf, $ref to #/components/…), for the contract
 * test. Unknown properties are allowed, as the document lists no additionalProperties.
 * `format` and `deprecated` are documentation here and not checked.
 */
export interface SchemaNode {
  type?: string
  properties?: Record<string, SchemaNode>
  required?: string[]
  items?: SchemaNode
  enum?: unknown[]
  nullable?: boolean
  oneOf?: SchemaNode[]
  $ref?: string
}

export type Document = { components: Record<string, Record<string, unknown>> }

function resolve(document: Document, ref: string): SchemaNode {
  const [, , group, name] = ref.split('/')
  const found = document.components[group ?? '']?.[name ?? '']
  if (found === undefined) throw new Error(`unresolved $ref ${ref}`)
  return found as SchemaNode
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

/** Every mismatch, each as `path: what`; empty when `value` fits `schema`. */
export function schemaProblems(
  document: Document,
  schema: SchemaNode,
  value: unknown,
  path = '$',
): string[] {
  if (schema.$ref !== undefined)
    return schemaProblems(document, resolve(document, schema.$ref), value, path)
  if (value === null)
    return schema.nullable === true ? [] : [`${path}: null where the schema allows none`]
  if (schema.oneOf !== undefined) {
    const fits = schema.oneOf.some(
      (option) => schemaProblems(document, option, value, path).length === 0,
    )
    return fits ? [] : [`${path}: matches none of oneOf`]
  }
  const actual = typeOf(value)
  if (
    schema.type !== undefined &&
    actual !== schema.type &&
    !(schema.type === 'number' && actual === 'integer')
  ) {
    return [`${path}: ${actual} where the schema says ${schema.type}`]
  }
  if (schema.enum !== undefined && !schema.enum.includes(value)) {
    return [`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`]
  }
  if (Array.isArray(value)) {
    const items = schema.items
    return items === undefined
      ? []
      : value.flatMap((item, i) => schemaProblems(document, items, item, `${path}[${i}]`))
  }
  if (actual !== 'object') return []
  const record = value as Record<string, unknown>
  const missing = (schema.required ?? [])
    .filter((name) => !(name in record))
    .map((name) => `${path}.${name}: required`)
  const fields = Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    name in record ? schemaProblems(document, property, record[name], `${path}.${name}`) : [],
  )
  return [...missing, ...fields]
}

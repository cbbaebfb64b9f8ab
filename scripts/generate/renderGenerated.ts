import { compile } from 'json-schema-to-typescript'
import { operations } from '../../spec/operations.ts'
import type { JsonSchema, ParameterObject, PetStoreDocument } from '../../spec/PetStoreDocument.ts'

/** Files generated from the spec, by path relative to `spec/`. */
export type GeneratedFiles = Record<string, string>

const BANNER = '// Generated from spec/openapi.yaml by `npm run generate`. Do not edit: edit the spec.\n'
const SCHEMA_REF = '#/components/schemas/'

/**
 * Renders every generated file from the spec: TypeScript types for the component schemas and the
 * operations' parameters (json-schema-to-typescript), and the validated, dereferenced document as
 * a TypeScript module for runtimes that cannot read YAML from disk (the browser).
 */
export async function renderGenerated(
  bundled: PetStoreDocument,
  dereferenced: PetStoreDocument,
): Promise<GeneratedFiles> {
  return {
    'generated/types.ts': await renderTypes(bundled),
    'generated/openApiDocument.ts': renderDocumentModule(dereferenced),
  }
}

async function renderTypes(bundled: PetStoreDocument): Promise<string> {
  const schemas: Record<string, JsonSchema> = {}
  for (const [name, schema] of Object.entries(bundled.components.schemas))
    schemas[name] = { ...schema, title: name }

  const roots: Record<string, JsonSchema> = {}
  for (const name of Object.keys(schemas)) roots[name] = { $ref: `${SCHEMA_REF}${name}` }
  for (const operation of operations(bundled)) {
    for (const location of ['query', 'path'] as const) {
      const parameters = operation.parameters
        .map((p) => resolveParameter(bundled, p))
        .filter((p) => p.in === location)
      if (parameters.length === 0) continue
      const title = `${capitalise(operation.operationId)}${capitalise(location)}`
      roots[title] = {
        title,
        description: `The ${location} parameters of ${operation.operationId}.`,
        type: 'object',
        additionalProperties: false,
        required: parameters.filter((p) => p.required).map((p) => p.name),
        properties: Object.fromEntries(
          parameters.map((p) => [p.name, { ...p.schema, description: p.description }]),
        ),
      }
    }
  }

  const root = {
    title: 'PetStoreSpec',
    type: 'object',
    additionalProperties: false,
    properties: roots,
    components: { schemas },
  }
  const body = await compile(root as never, 'PetStoreSpec', {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: false,
    format: true,
    strictIndexSignatures: true,
  })
  const operationIds = operations(bundled).map((o) => `'${o.operationId}'`)
  return `${BANNER}${body}\n/** Every operationId in the spec. */\nexport type OperationId = ${operationIds.join(' | ')}\n`
}

function renderDocumentModule(dereferenced: PetStoreDocument): string {
  return [
    BANNER,
    "import type { PetStoreDocument } from '../PetStoreDocument.ts'",
    '',
    '/** spec/openapi.yaml, validated by swagger-parser, every $ref resolved. */',
    `export const openApiDocument: PetStoreDocument = ${JSON.stringify(dereferenced, null, 2)}`,
    '',
  ].join('\n')
}

/** In the bundled document a parameter may still be a `$ref` to `#/components/parameters/...`. */
function resolveParameter(
  bundled: PetStoreDocument,
  parameter: ParameterObject | { $ref?: string },
): ParameterObject {
  const ref = '$ref' in parameter ? parameter.$ref : undefined
  if (!ref) return parameter as ParameterObject
  const name = ref.replace('#/components/parameters/', '')
  const resolved = bundled.components.parameters?.[name]
  if (!resolved) throw new Error(`spec/openapi.yaml: unresolved parameter ${ref}`)
  return resolved
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

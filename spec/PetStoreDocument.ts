/**
 * The parts of an OpenAPI 3.1 document that this project reads. After `loadSpec` every `$ref` is
 * resolved, so each field holds the object itself. Only the shape is described here: every value
 * comes from `spec/openapi.yaml`.
 */
export type JsonSchema = { [keyword: string]: unknown }

export interface ParameterObject extends HeaderObject {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  /** A value that works against this project's mock and its seed (spec/parameterExamples test). */
  example?: unknown
  examples?: Record<string, { summary?: string; value?: unknown }>
}

export interface HeaderObject {
  description?: string
  required?: boolean
  schema: JsonSchema
  example?: unknown
}

export interface MediaTypeObject {
  schema?: JsonSchema
  example?: unknown
  examples?: Record<string, { summary?: string; value?: unknown }>
}

export interface ResponseObject {
  description: string
  headers?: Record<string, HeaderObject>
  content?: Record<string, MediaTypeObject>
}

export interface OperationObject {
  operationId: string
  summary?: string
  description?: string
  tags?: string[]
  deprecated?: boolean
  'x-sunset'?: string
  'x-successor'?: string
  /**
   * The documented statuses this project's spec adds to the interface document's own (a 413 of its
   * body cap, a 400 where the document is silent): coverage gates on the rest as `documented`.
   */
  'x-added-statuses'?: string[]
  parameters?: ParameterObject[]
  requestBody?: { required?: boolean; content: Record<string, MediaTypeObject> }
  responses: Record<string, ResponseObject>
  security?: Array<Record<string, string[]>>
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export type PathItemObject = { parameters?: ParameterObject[] } & Partial<Record<HttpMethod, OperationObject>>

export interface PetStoreDocument {
  openapi: string
  info: { title: string; version: string; [key: string]: unknown }
  servers: Array<{ url: string; description?: string; variables?: Record<string, { default: string }> }>
  security: Array<Record<string, string[]>>
  tags?: Array<{ name: string; description?: string }>
  paths: Record<string, PathItemObject>
  components: {
    schemas: Record<string, JsonSchema>
    securitySchemes: Record<string, { type: string; scheme?: string; description?: string }>
    parameters?: Record<string, ParameterObject>
    responses?: Record<string, ResponseObject>
    headers?: Record<string, HeaderObject>
    examples?: Record<string, { summary?: string; value?: unknown }>
  }
}

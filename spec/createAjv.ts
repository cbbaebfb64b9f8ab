import { Ajv2020 } from 'ajv/dist/2020.js'
import formatsPlugin from 'ajv-formats'
import { linearRegExpEngine } from './linearRegExp.ts'

const INT32 = 2 ** 31
const INT64 = 2 ** 63

/**
 * An Ajv instance for OpenAPI 3.1 schemas (JSON Schema 2020-12 plus the OpenAPI vocabulary).
 * Build it once and compile every validator at start-up: compiling is the expensive part. Every
 * error is reported unless `allErrors: false` (the first only: what a huge hostile body needs).
 */
export function createAjv(options: { allErrors?: boolean } = {}): Ajv2020 {
  // validateSchema: false skips checking each schema against the 2020-12 meta-schema, which costs
  // ~55 ms of start-up: swagger-parser has already validated every schema in the document, and
  // strict mode still rejects unknown keywords.
  const ajv = new Ajv2020({
    allErrors: options.allErrors ?? true,
    strict: true,
    strictTypes: false,
    validateFormats: true,
    validateSchema: false,
    // Ajv logs the whole generated function when it fails to compile one: code that quotes the spec's
    // names, patterns and values, megabytes of it. The error it throws says what failed.
    logger: false,
    // Every `pattern` of the spec on a linear-time engine, one per instance so a document's bounds
    // count its own patterns: the spec is input (docs/spec-as-input.md).
    code: { regExp: linearRegExpEngine() },
  })
  formatsPlugin.default(ajv)
  // Keywords OpenAPI adds to JSON Schema; annotations only.
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator'])
  // OpenAPI's integer formats, judged on the double JSON.parse gives, which cannot tell 2^63 from
  // 2^63 - 1: the mock judges int64 edges on the source text (kit/json/exactJson.ts).
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32,
  })
  ajv.addFormat('int64', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -INT64 && n <= INT64,
  })
  return ajv
}

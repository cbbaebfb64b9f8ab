// What a new version of the document breaks of recorded traffic: each recorded interaction the new
// version would refuse or answer differently, judged on the recording alone (no target is called).
import type { HarExchange } from '../../har/readHar.ts'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import { originForm } from '../../kit/http/originForm.ts'
import { type CompiledSpec, describeAjvErrors, documentedResponseKey } from '../../spec/runtime.ts'

/** One recorded interaction the new document breaks, and why. */
export interface Break {
  /** The interaction's place in the recording (1-based) and its request line. */
  step: number
  request: string
  /** `operation removed`, `request no longer valid`, `status no longer documented`, `response no longer matches`. */
  kind: string
  why: string
}

/**
 * The recorded interactions (under `basePath`) that `next` refuses or answers differently; the
 * recording is assumed to conform to the version it was made against. Each target is read as the
 * server saw it (`originForm`, nothing normalised) and routed by `next`'s router, as its mock would.
 *
 * @example
 * whatBreaks(readHar(text), '/v1', await loadCompiledSpec('next.yaml'))
 * // [{ step: 3, request: 'GET /pets?status=pending', kind: 'request no longer valid', why: "query status must be one of available, sold" }]
 */
export function whatBreaks(exchanges: readonly HarExchange[], basePath: string, next: CompiledSpec): Break[] {
  const router = next.router(basePath)
  const breaks: Break[] = []
  let step = 0
  for (const recorded of exchanges) {
    const sent = apiRequest({ method: recorded.method, target: originForm(recorded.url) })
    if (!sent.path.startsWith(`${router.basePath}/`)) continue
    step++
    const path = sent.path.slice(router.basePath.length)
    const request = `${recorded.method} ${path}${sent.search === '' ? '' : `?${sent.search}`}`
    const found = (kind: string, why: string) => breaks.push({ step, request, kind, why })
    const route = router.route(sent.method, sent.path)
    if (route.kind !== 'operation') {
      found('operation removed', `the new document has no ${recorded.method} operation on ${path}`)
      continue
    }
    const { operation, params: parameters } = route
    const id = operation.operationId
    const problems: string[] = []
    for (const parameter of operation.parameters) {
      const values =
        parameter.in === 'path'
          ? [parameters[parameter.name] ?? '']
          : parameter.in === 'query'
            ? sent.query.getAll(parameter.name)
            : []
      if (values.length === 0 && parameter.required && parameter.in === 'query')
        problems.push(`query ${parameter.name} is now required`)
      for (const text of values) {
        const validate = next.validators.parameter(id, parameter.name)
        const value = typeOf(parameter.schema) === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text
        if (!validate(value))
          problems.push(`${parameter.in} ${describeAjvErrors(validate.errors, parameter.name)}`)
      }
    }
    if (recorded.body !== undefined && operation.requestBody) {
      const validate = next.validators.requestBody(id)
      let body: unknown
      try {
        body = JSON.parse(recorded.body)
      } catch {
        body = undefined
      }
      if (body !== undefined && !validate(body)) problems.push(describeAjvErrors(validate.errors, 'body'))
    }
    // A request the recording's version refused (a 4xx) may stay refused: only accepted ones can break.
    if (problems.length > 0 && recorded.status < 400) found('request no longer valid', problems.join('; '))
    const key = documentedResponseKey(operation.responses, recorded.status)
    if (key === undefined) {
      found(
        'status no longer documented',
        `${id} documents ${Object.keys(operation.responses).join(', ')}, not ${recorded.status}`,
      )
      continue
    }
    if (recorded.responseText !== undefined) {
      const validate = next.validators.response(id, recorded.status)
      let body: unknown
      try {
        body = JSON.parse(recorded.responseText)
      } catch {
        continue
      }
      if (validate && !validate(body))
        found('response no longer matches', describeAjvErrors(validate.errors, `the ${recorded.status} body`))
    }
  }
  return breaks
}

function typeOf(schema: unknown): unknown {
  return (schema as { type?: unknown } | undefined)?.type
}

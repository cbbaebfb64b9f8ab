import type { ContractReport } from '../running/runContract.ts'

/** Where `--reports` writes the failures as Arazzo: beside summary.json. */
export const ARAZZO_FILE = 'reproductions.arazzo.json'

/**
 * The findings' steps as one Arazzo 1.0.1 document for `npx @redocly/cli respect FILE --input
 * apiKey=KEY --server petstore=BASE_URL` (decisions/046): `specUrl` (from the file's folder) is the
 * source `petstore`, one workflow per finding; one that would hold the key is left out.
 *
 * @example
 * toArazzo(report, '../../spec/openapi.yaml', key) // '{ "arazzo": "1.0.1", … }', or undefined: none to write
 */
export function toArazzo(report: ContractReport, specUrl: string, apiKey: string): string | undefined {
  const inputs = { type: 'object', properties: { apiKey: { type: 'string', format: 'password' } } }
  const workflows = report.results
    .flatMap(({ check, operation, findings }) =>
      findings.map(({ steps }, i) => ({ workflowId: `${check}-${operation}-${i + 1}`, inputs, steps })),
    )
    .filter((workflow) => workflow.steps && !JSON.stringify(workflow).includes(apiKey))
  if (workflows.length === 0) return undefined
  const source = { name: 'petstore', url: specUrl, type: 'openapi' }
  const info = { title: `Pet Store contract run ${report.runId}: its failures`, version: '1.0.0' }
  return `${JSON.stringify({ arazzo: '1.0.1', info, sourceDescriptions: [source], workflows }, null, 2)}\n`
}

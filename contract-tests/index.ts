// `petstore-mock/contract`: the contract suite from code, for teams that run it inside their own
// Vitest or Jest (docs/contract-from-code.md). The runner and the types of what it returns;
// the report writers turn a report into what the CLI prints and writes.
import '../spec/requireNode.ts'

export { DEFAULT_MAX_CREATES, type Footprint } from './base/CreateBudget.ts'
export type { TargetKind } from './base/capabilitiesOf.ts'
export type { CheckResult, Finding, Level, OperationName } from './checks/Check.ts'
export { type CauseSeen, causesOf } from './report/causesOf.ts'
export { countOf } from './report/countOf.ts'
export { footprintLine, footprintProperties } from './report/footprintLines.ts'
export {
  CONSOLE_TEXT_MAX,
  type ConsoleOptions,
  FINDING_LABEL,
  formatConsole,
} from './report/formatConsole.ts'
export { keyInstruction, SET_KEY_COMMAND } from './report/keyInstruction.ts'
export { type Markup, pageOf } from './report/pageOf.ts'
export { type ReportOptions, type Section, sectionsOf } from './report/sections.ts'
export { stateCoverageLines } from './report/stateCoverageLines.ts'
export { type Tally, tally, type Verdict, verdictOf } from './report/tally.ts'
export { ARAZZO_FILE, toArazzo } from './report/toArazzo.ts'
export { HTML_TEXT_MAX, toHtmlReport } from './report/toHtmlReport.ts'
export {
  COVERAGE_ITEMS_MAX,
  JSON_EXAMPLES_MAX,
  JSON_REASON_MAX,
  JSON_SUMMARY_MAX,
  JSON_TEXT_MAX,
  toJsonSummary,
} from './report/toJsonSummary.ts'
export { JUNIT_TEXT_MAX, toJunitXml } from './report/toJunitXml.ts'
export {
  MARKDOWN_FINDINGS_MAX,
  MARKDOWN_TEXT_MAX,
  toMarkdownSummary,
} from './report/toMarkdownSummary.ts'
export { loadCompiledSpec } from './running/loadCompiledSpec.ts'
export { type ContractReport, type RunOptions, runContract } from './running/runContract.ts'
export type { Waiver } from './running/Waiver.ts'

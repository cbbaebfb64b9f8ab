/**
 * The bounds a spec file must keep to be loaded (docs/spec-as-input.md, decisions/020). The spec comes
 * from a repository, so a bad pull request reaches every developer's mock: these make a hostile document
 * a refusal at load, never a hang, a leak or an exhausted heap.
 */
export const SPEC_LIMITS = {
  /** Bytes read for one load, the root file and every file its `$ref`s reach together. 8 MiB. */
  maxBytes: 8 * 1024 * 1024,
  /**
   * Values (objects, arrays, scalars) in every parsed file with each YAML alias counted as the copy it
   * stands for: what dereferencing and compiling would walk. A 16 KB alias bomb stands for billions.
   */
  maxExpandedNodes: 1_000_000,
  /** Nesting of objects and arrays in one parsed file (JSON Schemas nest a few dozen deep). */
  maxDepth: 256,
  /** YAML aliases (`*name`) in one file; the expanded-node bound is what catches a bomb, this its shape. */
  maxAliases: 10_000,
  /**
   * YAML nodes (scalars and collections, keys included) in the spec and the files it refers to,
   * counted by the lexer before the parser builds anything: the yaml package holds 1-2 KB per node
   * while it parses, and spends 10-16 µs on each.
   */
  maxYamlNodes: 250_000,
  /**
   * Values in one schema the mock compiles (a component schema, or the schema of a response, request
   * body or parameter), its `$ref`s expanded: Ajv generates code for each, and compiles a schema on
   * its first use when a `--watch` reload is taken in.
   */
  maxSchemaValues: 10_000,
  /** Values in all the schemas the mock compiles, each schema also counted 10 for itself. */
  maxCompiledValues: 100_000,
  /** Distinct `pattern`s (and `patternProperties` keys) in the document. */
  maxPatterns: 1_000,
  /**
   * Positions of one pattern once its repeats are expanded (`[a-z]{1,64}@` is 65), a class of many
   * ranges counting 1 + log2 of them (`\p{L}` is 10): what compiling it costs, and what matching costs
   * for each character of a value (RE2JS has no DFA: each position may hold a thread).
   */
  maxPatternSize: 2_000,
  /** Positions of all the document's distinct patterns together. */
  maxPatternSizes: 20_000,
  /** Distinct `\p{…}` property names in the document's patterns: each is read off every code point once. */
  maxPropertyEscapes: 8,
} as const

/** What is still allowed of one bound, taken from as a load goes (bytes read, YAML nodes). */
export interface Budget {
  remaining: number
  readonly limit: number
}

/** A fresh budget of `limit`. */
export function budgetOf(limit: number): Budget {
  return { remaining: limit, limit }
}

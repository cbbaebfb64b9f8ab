/**
 * A spec file (or a file a `$ref` points at) that the guarded loader will not take, and why: a
 * bound of SPEC_LIMITS, a file it may not read, a YAML error, a `$ref` cycle, a pattern RE2 cannot
 * run. Its message never quotes the content of a file: only names, positions and bounds.
 *
 * @example
 * throw new SpecInputError('openapi.yaml: a key appears twice in one mapping at line 3, column 3')
 */
export class SpecInputError extends Error {
  override name = 'SpecInputError'
}

/** What a check may need that some targets cannot give. */
export type Need = 'write' | 'state' | 'auth' | 'malformed-json' | 'own-auth-errors' | 'exact-int64' | 'forms'

/**
 * What kind of server answers. `server`: a real implementation (or this project's mock).
 * `prism-mock`: `prism mock spec/openapi.yaml`, which keeps no state, accepts any bearer key and
 * answers from the spec's static examples. `prism-proxy`: `prism proxy` in front of a real server,
 * which answers some requests itself (see SKIP_REASONS).
 */
export type TargetKind = 'server' | 'prism-mock' | 'prism-proxy'

/** What each kind of target cannot give, measured with Prism 5.16 (SKIP_REASONS says how each shows). */
const LACKS: Record<TargetKind, readonly Need[]> = {
  server: [],
  'prism-mock': ['state', 'auth', 'malformed-json', 'exact-int64', 'forms'],
  'prism-proxy': ['malformed-json', 'own-auth-errors', 'exact-int64', 'forms'],
}

export const TARGET_KINDS = Object.keys(LACKS) as readonly TargetKind[]

/** Why a check (or one of its probes) is skipped when the target lacks a capability. */
export const SKIP_REASONS: Record<Need, string> = {
  write: 'read-only run: this check creates pets',
  state: 'stateless target: this check needs stored pets',
  auth: 'stateless target: it accepts any key',
  'malformed-json': 'Prism never answers a malformed JSON body',
  'own-auth-errors':
    'Prism answers a request without a key, or with the scheme spelled otherwise than `Bearer`, itself (401 application/problem+json)',
  forms: 'Prism answers a HEAD (405) and a chunked body (400) itself, before an implementation does',
  'exact-int64':
    'Prism reads JSON as JavaScript numbers: it flags a valid int64 beyond 2^53 in a response as invalid (500 with --errors)',
}

/**
 * The capabilities a run can rely on, from the kind of target and the mode.
 *
 * @example
 * capabilitiesOf('prism-mock', false) // Set { 'own-auth-errors', 'write' }
 */
export function capabilitiesOf(kind: TargetKind, readOnly: boolean): Set<Need> {
  const needs = Object.keys(SKIP_REASONS) as Need[]
  return new Set(needs.filter((need) => !LACKS[kind].includes(need) && !(readOnly && need === 'write')))
}

/** What a check may need that some targets cannot give. */
export type Need = 'write' | 'state' | 'auth' | 'malformed-json' | 'own-auth-errors' | 'exact-int64' | 'forms'

/**
 * What kind of server answers. `server`: a real implementation (or this project's mock).
 * `prism-mock`: `prism mock spec/openapi.yaml`, which keeps no state, accepts any bearer key and
 * answers from the spec's static examples. `prism-proxy`: `prism proxy` in front of a real server,
 * which answers some requests itself (see SKIP_REASONS).
 */
export type TargetKind = 'server' | 'prism-mock' | 'prism-proxy'

export const TARGET_KINDS: readonly TargetKind[] = ['server', 'prism-mock', 'prism-proxy']

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
  const capabilities = new Set<Need>(['state', 'auth', 'malformed-json', 'own-auth-errors', 'exact-int64'])
  if (!readOnly) capabilities.add('write')
  if (kind === 'server') capabilities.add('forms')
  // Measured with Prism 5.16: the mock keeps nothing and takes any key; both hang on malformed JSON;
  // the proxy answers a missing key itself, with its own problem+json body.
  // Both validate with JavaScript numbers, so neither can carry an int64 beyond 2^53 exactly.
  if (kind === 'prism-mock')
    for (const need of ['state', 'auth', 'malformed-json', 'exact-int64'] as const) capabilities.delete(need)
  if (kind === 'prism-proxy')
    for (const need of ['malformed-json', 'own-auth-errors', 'exact-int64'] as const)
      capabilities.delete(need)
  return capabilities
}

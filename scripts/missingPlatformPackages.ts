type LockEntry = Record<string, unknown>

const OPERATING_SYSTEMS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
]
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el']

/**
 * Lock entries for optional dependencies that the lock names but does not hold, for packages whose
 * names declare a platform (`@swc/core-darwin-arm64`, `@biomejs/cli-linux-x64-musl`). Pure.
 *
 * @example
 * missingPlatformPackages({ 'node_modules/@swc/core': { optionalDependencies: { '@swc/core-darwin-x64': '1.16.22' } } })
 * // [['node_modules/@swc/core-darwin-x64', { version: '1.16.22', os: ['darwin'], cpu: ['x64'], optional: true }]]
 */
export function missingPlatformPackages(packages: Record<string, LockEntry>): Array<[string, LockEntry]> {
  const found = new Map<string, LockEntry>()
  for (const [location, entry] of Object.entries(packages)) {
    const optional = (entry.optionalDependencies ?? {}) as Record<string, string>
    for (const [name, version] of Object.entries(optional)) {
      const target = `node_modules/${name}`
      const nested = `${location}/node_modules/${name}`
      if (packages[target] || packages[nested] || found.has(target)) continue
      const platform = platformOf(name)
      if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue
      found.set(target, { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform })
    }
  }
  return [...found]
}

function platformOf(name: string): { os: string[]; cpu: string[]; libc?: string[] } | undefined {
  const words = (name.split('/').pop() ?? '').split('-')
  const os = words.find((word) => OPERATING_SYSTEMS.includes(word))
  const cpu = words.find((word) => CPUS.includes(word))
  if (!os || !cpu) return undefined
  const libc = words.some((word) => word.startsWith('musl'))
    ? 'musl'
    : words.some((word) => word.startsWith('gnu'))
      ? 'glibc'
      : undefined
  return { os: [os], cpu: [cpu], ...(libc && os === 'linux' ? { libc: [libc] } : {}) }
}

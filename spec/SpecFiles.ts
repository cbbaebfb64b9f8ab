import { dirname, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { valueAtPointer } from './valueAtPointer.ts'

/**
 * The files one load parsed, and which file each object came from, so that a `$ref` json-schema-ref-
 * parser left in place (a cycle) can be followed to what it names and named the way a reader finds it:
 * `#/components/schemas/Agent` in the root spec, `schemas/agent.yaml#/Agent` in another file.
 *
 * @example
 * const files = new SpecFiles('/repo/spec/openapi.yaml')
 * files.add('/repo/spec/openapi.yaml', parsed)
 * files.resolve(refObject, '#/components/schemas/A') // { target: …, name: '#/components/schemas/A' }
 */
export class SpecFiles {
  private readonly owners = new WeakMap<object, string>()
  private readonly roots = new Map<string, unknown>()
  private readonly root: string

  /** `root` is the root spec's absolute path. */
  constructor(root: string) {
    this.root = root
  }

  /** Records a parsed file: its value and every object in it. One visit per object. */
  add(file: string, value: unknown): void {
    this.roots.set(file, value)
    const pending = [value]
    while (pending.length > 0) {
      const next = pending.pop()
      if (next === null || typeof next !== 'object' || this.owners.has(next)) continue
      this.owners.set(next, file)
      for (const child of Array.isArray(next) ? next : Object.values(next)) pending.push(child)
    }
  }

  /** What `ref`, written in the file that holds `holder`, names; undefined when that is not a parsed file. */
  resolve(holder: object, ref: string): { target: unknown; name: string } | undefined {
    const file = this.owners.get(holder)
    if (file === undefined) return undefined
    const url = URL.parse(ref, /^[a-z][a-z0-9+.-]+:/i.test(file) ? file : pathToFileURL(file))
    if (url === null) return undefined
    const pointer = url.hash.slice(1)
    url.hash = ''
    const target = url.protocol === 'file:' ? fileURLToPath(url) : url.href
    if (!this.roots.has(target)) return undefined
    const where =
      target === this.root ? '' : url.protocol === 'file:' ? relative(dirname(this.root), target) : target
    return { target: valueAtPointer(this.roots.get(target), pointer), name: `${where}#${pointer}` }
  }
}

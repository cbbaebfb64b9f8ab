import { execFileSync } from 'node:child_process'

let cached: number | undefined

/** The kernel's clock ticks per second (`getconf CLK_TCK`), the unit of utime and stime; usually 100. */
export function clockTicksPerSecond(): number {
  if (cached === undefined) {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
    if (!Number.isInteger(value) || value <= 0) throw new Error(`getconf CLK_TCK gave ${value}`)
    cached = value
  }
  return cached
}

// Shortens what an error message echoes of a client's input.

/** Echoing input helps the reader; echoing megabytes does not. */
export function clip(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** As `clip`, with the `…` counted in `max`: what a bound on a whole message needs. */
export function clipWithin(text: string, max: number): string {
  return text.length > max ? clip(text, max - 1) : text
}

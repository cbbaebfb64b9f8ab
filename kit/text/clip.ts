// Shortens what an error message echoes of a client's input.

/** Echoing input helps the reader; echoing megabytes does not. */
export function clip(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

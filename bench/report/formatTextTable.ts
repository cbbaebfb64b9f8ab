/**
 * Lays out rows as a plain-text table with a header rule; columns named in `rightAligned` (by index)
 * are padded on the left, so numbers line up.
 *
 * @example
 * formatTextTable(['a', 'n'], [['x', '1'], ['yy', '10']], [1])
 * // 'a   n\n--  --\nx    1\nyy  10'
 */
export function formatTextTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: readonly number[] = [],
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0
        return rightAligned.includes(column) ? cell.padStart(width) : cell.padEnd(width)
      })
      .join('  ')
      .trimEnd()
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

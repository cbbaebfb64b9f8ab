import type { RouteMeasurement } from '../RouteMeasurement.ts'
import { type ServerSummary, TARGETS } from './compareToBaseline.ts'

interface Group {
  label: string
  /** One value per server, in `servers` order; NaN draws no bar. */
  values: number[]
  /** Where the target server must stay (baseline x limit), drawn as a dashed line. */
  targetAt: number | undefined
}

interface Panel {
  title: string
  format: (value: number) => string
  groups: Group[]
  /** The judged server's index in `servers`: its bar gets the target's mark (-1: none). */
  judged: number
}

const COLOURS = ['#7f7f7f', '#1f6fd1', '#8fb8ea', '#e07b1a', '#a34f06', '#3a9d5d', '#9b59b6']
const WIDTH = 960
const LABEL_X = 190
const PLOT_WIDTH = 600
const BAR_HEIGHT = 14
const GROUP_GAP = 12

/**
 * The chart of one run as a standalone SVG: a panel per figure (req/s, CPU per request, p99 latency,
 * start-up), a group of bars per route, a bar per server, and the target drawn where the baseline's
 * figure times the target's limit falls.
 */
export function renderChart(
  servers: readonly ServerSummary[],
  measurements: readonly RouteMeasurement[],
  routeLabels: Readonly<Record<string, string>>,
  title: string,
): string {
  const baselineId = servers.find((server) => server.role === 'baseline')?.serverId
  const routeIds = [...new Set(measurements.map((measurement) => measurement.routeId))]
  const limit = (metric: string) => TARGETS.find((target) => target.metric === metric)?.limit ?? NaN
  const perRoute = (metric: 'requestsPerSecond' | 'cpuPerRequestUs' | 'p99Ms'): Group[] =>
    routeIds.map((routeId) => {
      const find = (serverId: string | undefined) =>
        measurements.find(
          (measurement) => measurement.serverId === serverId && measurement.routeId === routeId,
        )
      const base = find(baselineId)
      return {
        label: routeLabels[routeId] ?? routeId,
        values: servers.map((server) => find(server.serverId)?.[metric] ?? NaN),
        targetAt: base ? base[metric] * limit(metric) : undefined,
      }
    })
  const baselineStartup = servers.find((server) => server.serverId === baselineId)?.startupMs
  // Per route the target server is judged; at start-up the one whose start-up role is target (decision 036).
  const judged = servers.findIndex((server) => server.role === 'target')
  const judgedAtStartup = servers.findIndex((server) => (server.startupRole ?? server.role) === 'target')
  const panels: Panel[] = [
    {
      title: 'requests per second (higher is better)',
      format: (v) => v.toFixed(0),
      groups: perRoute('requestsPerSecond'),
      judged,
    },
    {
      title: 'server CPU per request, microseconds (lower is better)',
      format: (v) => v.toFixed(1),
      groups: perRoute('cpuPerRequestUs'),
      judged,
    },
    {
      title: 'p99 latency, ms (lower is better)',
      format: (v) => v.toFixed(2),
      groups: perRoute('p99Ms'),
      judged,
    },
    {
      title: 'start to first 200, ms (lower is better)',
      format: (v) => v.toFixed(0),
      judged: judgedAtStartup,
      groups: [
        {
          label: 'start-up',
          values: servers.map((server) => server.startupMs),
          targetAt: baselineStartup === undefined ? undefined : baselineStartup * limit('startupMs'),
        },
      ],
    },
  ]

  const parts: string[] = []
  let y = 30
  parts.push(text(20, y, title, 'font-size="16" font-weight="bold"'))
  y += 22
  servers.forEach((server, index) => {
    const x = 20 + (index % 3) * 300
    const rowY = y + Math.floor(index / 3) * 18
    parts.push(`<rect x="${x}" y="${rowY - 10}" width="12" height="12" fill="${colour(index)}"/>`)
    parts.push(text(x + 18, rowY, server.label))
  })
  y += Math.ceil(servers.length / 3) * 18 + 10
  parts.push(
    `<line x1="20" y1="${y - 4}" x2="34" y2="${y - 4}" stroke="#c0392b" stroke-dasharray="4 3" stroke-width="2"/>`,
    text(40, y, 'target for the project mock (on its bar): the baseline figure times the target limit'),
  )
  y += 16

  for (const panel of panels) {
    y += 24
    parts.push(text(20, y, panel.title, 'font-size="14" font-weight="bold"'))
    y += 10
    const finite = panel.groups
      .flatMap((group) => [...group.values, group.targetAt ?? NaN])
      .filter(Number.isFinite)
    const max = Math.max(1e-9, ...finite)
    const scale = (value: number) => (value / max) * PLOT_WIDTH
    for (const group of panel.groups) {
      const top = y + GROUP_GAP
      const height = servers.length * BAR_HEIGHT
      parts.push(text(20, top + height / 2 + 4, group.label))
      group.values.forEach((value, index) => {
        const barY = top + index * BAR_HEIGHT
        if (!Number.isFinite(value)) {
          parts.push(text(LABEL_X + 4, barY + BAR_HEIGHT - 3, 'n/a', 'font-size="10"'))
          return
        }
        const width = Math.max(1, scale(value))
        parts.push(
          `<rect x="${LABEL_X}" y="${barY + 1}" width="${width.toFixed(1)}" height="${BAR_HEIGHT - 2}" fill="${colour(index)}"/>`,
          text(LABEL_X + width + 4, barY + BAR_HEIGHT - 3, panel.format(value), 'font-size="10"'),
        )
      })
      // The mark spans only the target server's bar: its bar must end on the right side of it.
      const targetIndex = panel.judged
      if (targetIndex >= 0 && group.targetAt !== undefined && Number.isFinite(group.targetAt)) {
        const x = (LABEL_X + scale(group.targetAt)).toFixed(1)
        const barY = top + targetIndex * BAR_HEIGHT
        parts.push(
          `<line x1="${x}" y1="${barY - 2}" x2="${x}" y2="${barY + BAR_HEIGHT + 2}" stroke="#c0392b" stroke-dasharray="3 2" stroke-width="2"/>`,
        )
      }
      y = top + height
    }
    y += 6
  }
  const height = y + 20
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n')
}

function colour(index: number): string {
  return COLOURS[index % COLOURS.length] as string
}

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${x}" y="${y.toFixed(1)}" ${attributes}>${escapeXml(content)}</text>`
}

/** Text safe inside an SVG element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

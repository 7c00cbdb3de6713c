// Prints a load table: each figure beside its goal, and the share of the bare Fastify rate where one is set.
import type { LoadFigures } from './load'

export interface Row {
  name: string
  figures: LoadFigures
  goal?: string
  /** p99 must stay at or under this many ms, with no failures */
  p99Goal?: number
  /** req/s must reach this share of `ceiling` */
  ratioGoal?: number
  ceiling?: LoadFigures
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`
const pct = (share: number) => `${(share * 100).toFixed(0)}%`

/** Prints the table as Markdown; returns whether every goal was met. */
export function printTable(title: string, rows: Row[]): boolean {
  let allOk = true
  const lines = [
    `| ${title} | req/s | p50 | p99 | failed | share of bare | goal | met |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ]
  for (const row of rows) {
    const { figures: f } = row
    const share = row.ceiling ? f.rps / row.ceiling.rps : undefined
    const goals: string[] = []
    let ok = true
    if (row.p99Goal !== undefined) {
      goals.push(`p99 ≤ ${row.p99Goal} ms, no errors`)
      ok &&= f.p99 <= row.p99Goal && f.failures === 0
    }
    if (row.ratioGoal !== undefined && share !== undefined) {
      goals.push(`≥ ${pct(row.ratioGoal)} of bare`)
      ok &&= share >= row.ratioGoal
    }
    if (row.goal) goals.push(row.goal)
    const measured = row.p99Goal !== undefined || row.ratioGoal !== undefined
    if (measured) allOk &&= ok
    const failed = f.failures === 0 ? '0' : `${f.failures} (${f.statuses})`
    lines.push(
      `| ${row.name} | ${Math.round(f.rps).toLocaleString('en-US')} | ${ms(f.p50)} | ${ms(f.p99)} | ${failed} | ${share === undefined ? '' : pct(share)} | ${goals.join('; ')} | ${measured ? (ok ? 'yes' : '**no**') : ''} |`,
    )
  }
  console.log(lines.join('\n'))
  return allOk
}

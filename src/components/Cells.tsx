// Cells of the stacked tables (LoadedTable): on a phone each cell stands on its own line under its column's name
// (data-label), so every cell says which column it is.
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { solText } from '../lib/sol'
import ui from './Ui.module.css'

/** The row's heading: its name, linked to its own page. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <th scope="row">
      <Link to={to}>{children}</Link>
    </th>
  )
}

/** A figure, aligned right on wide screens. */
export function NumCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td data-label={label} className={ui.num}>
      {children}
    </td>
  )
}

/** An amount of SOL from its decimal string. */
export const SolCell = ({ label, sol }: { label: string; sol: string }) => (
  <NumCell label={label}>{solText(sol)} SOL</NumCell>
)

export type Tone = 'ok' | 'warn' | 'bad' | 'info'

/** A status word coloured by how it stands (ok, waiting, refused, informative). */
export function StatusCell({ text, tone }: { text: string; tone: Tone }) {
  return (
    <td data-label="Status">
      <span className={ui[tone]}>{text}</span>
    </td>
  )
}

import { EmergencyCard } from '../../components/EmergencyCard'
import grid from '../../components/Grid.module.css'
import type { Emergency } from '../../lib/emergencies.api'

export function EmergencyGrid({ items }: { items: Emergency[] }) {
  return (
    <ul className={grid.grid}>
      {items.map((emergency) => (
        <li key={emergency.id}>
          <EmergencyCard emergency={emergency} />
        </li>
      ))}
    </ul>
  )
}

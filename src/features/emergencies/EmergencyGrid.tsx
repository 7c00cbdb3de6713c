import { EmergencyCard } from '../../components/EmergencyCard'
import grid from '../../components/Grid.module.css'
import type { Emergency } from '../../lib/emergencies.api'

/** `first`: this grid opens the screen, so its first card's image is the one fetched early. */
export function EmergencyGrid({ items, first = false }: { items: Emergency[]; first?: boolean }) {
  return (
    <ul className={grid.grid}>
      {items.map((emergency, index) => (
        <li key={emergency.id}>
          <EmergencyCard emergency={emergency} first={first && index === 0} />
        </li>
      ))}
    </ul>
  )
}

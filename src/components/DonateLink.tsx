// An emergency's call to action, on every card that lists emergencies (its own module: the home page's featured
// list needs it without the whole card).
import { Link } from 'react-router-dom'
import type { Emergency } from '../../api-contract/emergencies'
import { buttonClass } from './button'

/** The card's call to action: the emergency's donate page, named for screen readers. */
export function DonateLink({ emergency }: { emergency: Pick<Emergency, 'id' | 'title'> }) {
  return (
    <Link
      className={buttonClass('primary', { block: true })}
      to={`/donate/${emergency.id}`}
      aria-label={`Donate to ${emergency.title}`}
    >
      Donate
    </Link>
  )
}

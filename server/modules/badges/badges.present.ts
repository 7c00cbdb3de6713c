// Badges as the API shows them (api-contract/badges.ts).
import type { Badge } from '../../../api-contract/badges'
import type { BadgeRow } from './badges.table'

export function presentBadge(badge: BadgeRow): Badge {
  return {
    id: badge.id,
    kind: badge.kind,
    title: badge.title,
    tx_hash: badge.txHash,
    issued_at: badge.issuedAt.toISOString(),
  }
}

// Rows → the wire shape of api-contract/updates.ts (absolute image URLs, ISO dates).
import type { EmergencyUpdate } from '../../../api-contract/updates'
import type { ShownImage } from '../emergencies/emergencies.repository'
import { presentImage } from '../emergencies/emergencies.present'
import type { EmergencyUpdateRow } from './updates.table'

export function presentUpdate(
  row: EmergencyUpdateRow,
  images: ShownImage[],
  publicUrl: string,
): EmergencyUpdate {
  return {
    id: row.id,
    emergency_id: row.emergencyId,
    text: row.text,
    images: images.map((image) => presentImage(image, publicUrl)),
    created_at: row.createdAt.toISOString(),
  }
}

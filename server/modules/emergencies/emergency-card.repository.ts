import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { emergencies } from './emergencies.table'

/** What a share card (link preview, Solana Action) shows of an emergency. */
export interface EmergencyCard {
  id: number
  title: string
  description: string
  solGoal: bigint
  totalDonated: bigint
  donationCount: number
  receivingWallet: string
  isFlagged: boolean
  reviewStatus: 'none' | 'pending' | 'confirmed_scam'
  deleted: boolean
  /** file name of the first proof image, if any */
  firstImage: string | null
}

/** One query: the emergency's row and the name of its first proof image. */
export async function findEmergencyCard(db: Db, id: number): Promise<EmergencyCard | undefined> {
  const rows = await db
    .select({
      id: emergencies.id,
      title: emergencies.title,
      description: emergencies.description,
      solGoal: emergencies.solGoal,
      totalDonated: emergencies.totalDonated,
      donationCount: emergencies.donationCount,
      receivingWallet: emergencies.receivingWallet,
      isFlagged: emergencies.isFlagged,
      reviewStatus: emergencies.reviewStatus,
      deleted: sql<boolean>`${emergencies.deletedAt} is not null`,
      firstImage: sql<string | null>`(select i.file_name from emergency_images i
        where i.emergency_id = ${emergencies.id} order by i.id limit 1)`,
    })
    .from(emergencies)
    .where(eq(emergencies.id, id))
    .limit(1)
  return rows[0]
}

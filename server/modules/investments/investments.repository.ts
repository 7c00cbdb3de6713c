import { desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type OffsetSlice, offsetPage } from '../../db/offset-page'
import { campaigns } from '../airdrops/airdrops.table'
import { chatSessions } from '../chat/chat.table'
import { users } from '../users/users.table'
import { type IntentRow, investmentIntents, type NewIntent } from './investments.table'

export interface IntentView {
  intent: IntentRow
  campaignName: string
  investorWallet: string
  chatSessionId: string | null
}

const view = {
  intent: investmentIntents,
  campaignName: campaigns.projectName,
  investorWallet: users.walletAddress,
  chatSessionId: chatSessions.id,
}

function selectViews(db: Db) {
  return db
    .select(view)
    .from(investmentIntents)
    .innerJoin(campaigns, eq(campaigns.id, investmentIntents.campaignId))
    .innerJoin(users, eq(users.id, investmentIntents.investorId))
    .leftJoin(chatSessions, eq(chatSessions.intentId, investmentIntents.id))
}

export async function insertIntent(db: Db, values: NewIntent): Promise<IntentRow> {
  const rows = await db.insert(investmentIntents).values(values).returning()
  return rows[0]!
}

export async function findIntentView(db: Db, id: number): Promise<IntentView | undefined> {
  const rows = await selectViews(db).where(eq(investmentIntents.id, id)).limit(1)
  return rows[0]
}

export function intentPage(db: Db, investorId: number | null, at: OffsetSlice) {
  const where = investorId === null ? undefined : eq(investmentIntents.investorId, investorId)
  const query = selectViews(db)
    .where(where)
    .orderBy(desc(investmentIntents.createdAt), desc(investmentIntents.id))
  return offsetPage(db, query, { table: investmentIntents, where }, at)
}

export async function intentsByCampaign(db: Db, campaignIds: number[]) {
  if (campaignIds.length === 0) return []
  return db
    .select({
      id: investmentIntents.id,
      campaignId: investmentIntents.campaignId,
      status: investmentIntents.status,
      chatSessionId: chatSessions.id,
    })
    .from(investmentIntents)
    .leftJoin(chatSessions, eq(chatSessions.intentId, investmentIntents.id))
    .where(inArray(investmentIntents.campaignId, campaignIds))
    .orderBy(desc(investmentIntents.id))
}

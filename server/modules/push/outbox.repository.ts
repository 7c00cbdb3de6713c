// The outbox: notices written in the transaction of what they tell, expanded into one delivery per subscription,
// claimed, sent and settled by the worker (push-worker.ts). Claims skip rows another instance holds.
import { and, eq, sql } from 'drizzle-orm'
import type { PushPayload } from '../../../api-contract/push'
import { type Db, rowsOf } from '../../db/client'
import { type NewPushMessage, pushDeliveries, pushMessages, pushSubscriptions } from './push.table'

export async function insertMessage(db: Db, message: NewPushMessage): Promise<void> {
  await db.insert(pushMessages).values(message)
}

/**
 * Expands up to `limit` waiting notices into one delivery per subscription of their audience (the owner, the
 * followers but not the owner, the registered donors), due at `now`, in one statement. A notice nobody can receive goes at once.
 * Returns how many notices it expanded.
 */
export async function fanOut(db: Db, now: Date, limit: number): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`
      with picked as (
        select id, emergency_id, to_owner, to_followers, to_donors from push_messages
        where not fanned_out order by id limit ${limit} for update skip locked
      ), recipients as (
        select p.id as message_id, e.owner_id as user_id
        from picked p join emergencies e on e.id = p.emergency_id where p.to_owner
        union
        select p.id, f.user_id
        from picked p join emergencies e on e.id = p.emergency_id
        join emergency_follows f on f.emergency_id = p.emergency_id
        where p.to_followers and f.user_id <> e.owner_id
        union
        select p.id, d.donor_id
        from picked p join donations d on d.emergency_id = p.emergency_id
        where p.to_donors and d.donor_id is not null
      ), queued as (
        insert into push_deliveries (subscription_id, message_id, next_attempt_at)
        select s.id, r.message_id, ${now.toISOString()}::timestamptz
        from recipients r join push_subscriptions s on s.user_id = r.user_id
        on conflict do nothing
        returning message_id
      ), unheard as (
        delete from push_messages
        where id in (select id from picked) and id not in (select message_id from queued)
      ), expanded as (
        update push_messages set fanned_out = true
        where id in (select id from picked) and id in (select message_id from queued)
      )
      select count(*)::int as picked from picked`),
  ) as { picked: number }[]
  return row?.picked ?? 0
}

export interface ClaimedDelivery {
  subscriptionId: number
  messageId: number
  /** this attempt's number, from 1 */
  attempts: number
  endpoint: string
  p256dh: string
  auth: string
  payload: PushPayload
}

/**
 * Claims up to `limit` deliveries due at `now`, oldest first: their attempt is counted and their next attempt moved
 * to `until` before anything is sent, so a crash mid-send retries them then (and no other instance takes them
 * meanwhile).
 */
export async function claimDue(db: Db, now: Date, until: Date, limit: number): Promise<ClaimedDelivery[]> {
  const rows = rowsOf(
    await db.execute(sql`
      with due as (
        select subscription_id, message_id from push_deliveries
        where next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at limit ${limit} for update skip locked
      ), claimed as (
        update push_deliveries d set attempts = d.attempts + 1,
          next_attempt_at = ${until.toISOString()}::timestamptz
        from due where d.subscription_id = due.subscription_id and d.message_id = due.message_id
        returning d.subscription_id, d.message_id, d.attempts
      )
      select c.subscription_id, c.message_id, c.attempts, s.endpoint, s.p256dh, s.auth, m.payload
      from claimed c
      join push_subscriptions s on s.id = c.subscription_id
      join push_messages m on m.id = c.message_id`),
  ) as {
    subscription_id: number | string
    message_id: number | string
    attempts: number
    endpoint: string
    p256dh: string
    auth: string
    payload: PushPayload | string
  }[]
  return rows.map((row) => ({
    subscriptionId: Number(row.subscription_id),
    messageId: Number(row.message_id),
    attempts: row.attempts,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as PushPayload) : row.payload,
  }))
}

const delivery = (subscriptionId: number, messageId: number) =>
  and(eq(pushDeliveries.subscriptionId, subscriptionId), eq(pushDeliveries.messageId, messageId))

/** Sent, or given up: the delivery is done. */
export async function deleteDelivery(db: Db, subscriptionId: number, messageId: number): Promise<void> {
  await db.delete(pushDeliveries).where(delivery(subscriptionId, messageId))
}

export async function rescheduleDelivery(
  db: Db,
  subscriptionId: number,
  messageId: number,
  at: Date,
): Promise<void> {
  await db.update(pushDeliveries).set({ nextAttemptAt: at }).where(delivery(subscriptionId, messageId))
}

/** The push service no longer knows the subscription: it goes, with what was still to be sent to it. */
export async function deleteSubscription(db: Db, subscriptionId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))
}

/** Notices every delivery of which is done. */
export async function deleteFinishedMessages(db: Db): Promise<void> {
  await db.execute(sql`
    delete from push_messages m
    where m.fanned_out and not exists (select 1 from push_deliveries d where d.message_id = m.id)`)
}

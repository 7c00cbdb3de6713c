// Web push: a browser's subscription, following an emergency, and the notices other modules write into the outbox
// in their own transactions (a donation's credit, an update). The worker (push-worker.ts) sends them.
import type { PushSubscriptionRequest } from '../../../api-contract/push'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { AuthUser } from '../../plugins/auth'
import { findDonatableEmergency, visibleTo } from '../emergencies/emergencies.service'
import { donationNotice, goalNotice, scamNotice, updateNotice } from './notices'
import { insertMessage } from './outbox.repository'
import { checkedSubscription } from './push-endpoint'
import {
  deleteFollow,
  deleteSubscriptionByEndpoint,
  insertFollow,
  isFollowing,
  keepNewestSubscriptions,
  upsertSubscription,
} from './push.repository'

export interface PushDeps {
  config: Pick<Config, 'push'>
  db: Db
}

export function pushService({ config, db }: PushDeps) {
  return {
    /** Stores this browser's subscription for the user; their oldest beyond the limit go. */
    async subscribe(user: AuthUser, body: PushSubscriptionRequest): Promise<{ endpoint: string }> {
      const subscription = checkedSubscription(body, config.push.allowedOrigins)
      await db.transaction(async (tx) => {
        await upsertSubscription(tx, user.id, subscription)
        await keepNewestSubscriptions(tx, user.id, config.push.maxSubscriptionsPerUser)
      })
      return { endpoint: subscription.endpoint }
    },

    /** The endpoint is the browser's own secret: whoever knows it may end it (a logout, an expired session). */
    async unsubscribe(endpoint: string): Promise<void> {
      await deleteSubscriptionByEndpoint(db, endpoint)
    },

    /** Follows an emergency the user can see (404 otherwise). */
    async follow(user: AuthUser, emergencyId: number): Promise<void> {
      visibleTo(user, await findDonatableEmergency(db, emergencyId))
      await insertFollow(db, emergencyId, user.id)
    },

    /** Stops following; an emergency deleted since may still be unfollowed. */
    async unfollow(user: AuthUser, emergencyId: number): Promise<void> {
      await findDonatableEmergency(db, emergencyId)
      await deleteFollow(db, emergencyId, user.id)
    },

    async following(user: AuthUser, emergencyId: number): Promise<boolean> {
      visibleTo(user, await findDonatableEmergency(db, emergencyId))
      return isFollowing(db, emergencyId, user.id)
    },
  }
}

interface Emergency {
  id: number
  title: string
}

/** In a donation's credit transaction: tells the owner, "0.5 SOL from 7xKX…3fQa: 'comment'". */
export async function queueDonationNotice(
  tx: Db,
  emergency: Emergency,
  donation: Parameters<typeof donationNotice>[1],
): Promise<void> {
  await insertMessage(tx, {
    emergencyId: emergency.id,
    toOwner: true,
    toFollowers: false,
    payload: donationNotice(emergency, donation),
  })
}

/** In the credit transaction of the donation that reached the goal: tells the owner and the followers. */
export async function queueGoalNotice(
  tx: Db,
  emergency: Emergency,
  totals: { totalDonated: bigint; solGoal: bigint },
): Promise<void> {
  await insertMessage(tx, {
    emergencyId: emergency.id,
    toOwner: true,
    toFollowers: true,
    payload: goalNotice(emergency, totals),
  })
}

/** In an update's transaction: tells the followers (the update goes, and so does its notice if still unsent). */
export async function queueUpdateNotice(
  tx: Db,
  emergency: Emergency,
  update: { id: number; text: string },
): Promise<void> {
  await insertMessage(tx, {
    emergencyId: emergency.id,
    toOwner: false,
    toFollowers: true,
    updateId: update.id,
    payload: updateNotice(emergency, update),
  })
}

/** In the transaction of an admin's confirmation of a scam: tells the emergency's registered donors. */
export async function queueScamNotice(tx: Db, emergency: Emergency): Promise<void> {
  await insertMessage(tx, {
    emergencyId: emergency.id,
    toOwner: false,
    toFollowers: false,
    toDonors: true,
    payload: scamNotice(emergency),
  })
}

// Proof of each donation: its receipt (public), and the CSV exports of one donor's gifts and of one emergency's.
import type { Readable } from 'node:stream'
import type { Receipt } from '../../../api-contract/receipts'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { forbidden, notFound } from '../../lib/errors'
import { explorerTxUrl } from '../../lib/explorer'
import { formatAmount } from '../../lib/money'
import type { AuthUser } from '../../plugins/auth'
import { findDonatableEmergency } from '../emergencies/emergencies.service'
import {
  type DonationRecord,
  type RecordsOf,
  recordOfSignature,
  recordsAfter,
} from './donation-records.repository'
import { donationsCsv } from './donations-csv'

/** Rows read per query of an export: one batch is all an export holds at a time. */
export const EXPORT_BATCH = 1000

export interface ReceiptsDeps {
  config: Pick<Config, 'publicRpcUrl'>
  db: Db
}

function presentReceipt(config: ReceiptsDeps['config'], r: DonationRecord): Receipt {
  return {
    tx_hash: r.txHash,
    emergency: { id: r.emergencyId, title: r.emergencyTitle, receiving_wallet: r.receivingWallet },
    donor_wallet: r.donorWallet,
    currency: r.currency,
    amount: formatAmount(r.currency, r.amount),
    tip_amount: formatAmount(r.currency, r.tipAmount),
    comment: r.comment,
    created_at: r.createdAt.toISOString(),
    slot: r.slot,
    block_time: r.blockTime?.toISOString() ?? null,
    cluster: r.cluster,
    explorer_url: explorerTxUrl(config, r.cluster, r.txHash),
  }
}

export function receiptsService({ config, db }: ReceiptsDeps) {
  /** Every donation of `of`, oldest first, read EXPORT_BATCH at a time by keyset (no OFFSET, no transaction). */
  async function* allRecords(of: RecordsOf): AsyncGenerator<DonationRecord> {
    for (let after = 0; ;) {
      const batch = await recordsAfter(db, of, after, EXPORT_BATCH)
      yield* batch
      if (batch.length < EXPORT_BATCH) return
      after = batch[batch.length - 1]!.id
    }
  }

  return {
    async receipt(txHash: string): Promise<Receipt> {
      const record = await recordOfSignature(db, txHash)
      if (!record) throw notFound('No donation is recorded with this signature.')
      return presentReceipt(config, record)
    },

    myDonationsCsv(user: AuthUser): Readable {
      return donationsCsv(config, allRecords({ donorId: user.id }))
    },

    /** Every gift to the emergency (deleted ones included), for its owner or an admin; 403 for anyone else. */
    async emergencyDonationsCsv(user: AuthUser, emergencyId: number): Promise<Readable> {
      const emergency = await findDonatableEmergency(db, emergencyId)
      if (emergency.ownerId !== user.id && !user.isAdmin) throw forbidden()
      return donationsCsv(config, allRecords({ emergencyId }))
    },
  }
}

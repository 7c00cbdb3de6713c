// The blind relay's rules (docs/decisions/007-phone-wallets.md): it keeps what the callback page hands
// over — the wallet's answer, still encrypted under a key only the asking device holds — for one read, 10
// minutes at most. It cannot read or forge an answer, and it never logs one.
import type { RelayedAnswer } from '../../../api-contract/wallet-relay'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { deleteExpired, putAnswer, takeAnswer } from './wallet-relay.repository'

export const RELAY_TTL_MS = 10 * 60_000

export function walletRelayService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** An approval carries nonce and data (and the wallet's key on connect); a refusal carries errorCode. */
    async put(requestId: string, answer: RelayedAnswer): Promise<void> {
      const approval = answer.nonce !== undefined && answer.data !== undefined
      if (approval === (answer.errorCode !== undefined))
        throw badRequest('bad_request', 'A wallet answer has either nonce and data, or errorCode.')
      const now = clock()
      await deleteExpired(db, now)
      if (!(await putAnswer(db, requestId, answer, now, new Date(now.getTime() + RELAY_TTL_MS))))
        throw conflict('relay_taken', 'An answer for this request was already handed over.')
    },

    async take(requestId: string): Promise<RelayedAnswer> {
      const answer = await takeAnswer(db, requestId, clock())
      if (!answer) throw notFound('No wallet answer is waiting for this request.')
      return answer
    },
  }
}

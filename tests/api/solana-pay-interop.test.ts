// Interoperability (issue 31): Solana Pay's own check, `validateTransfer` of @solana/pay, run against a donation
// made through our Action. Its transfer carries two extra keys, the reference and this deployment's watch key, and
// validateTransfer wants the extra keys to equal the references it is given: the reference alone is refused as
// "invalid references"; both, in that order, pass (server/modules/actions/README.md documents the call).
import { validateTransfer } from '@solana/pay'
import { Keypair, PublicKey } from '@solana/web3.js'
import BigNumber from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { eventually, requestDonation, signAndSend } from '../helpers/actions'
import { fund, ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    users: [owner],
  } = await ledgerAppWithAdmin([0]))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Solar pumps' })
})
afterAll(async () => {
  await t.close()
})

/** The watch key as any third party derives it from GET /api/config/'s platform_wallet. */
async function watchKey(): Promise<PublicKey> {
  const { platform_wallet } = (await t.app.inject({ method: 'GET', url: '/api/config/' })).json<{
    platform_wallet: string
  }>()
  const [key] = PublicKey.findProgramAddressSync(
    [Buffer.from('lifeline-actions')],
    new PublicKey(platform_wallet),
  )
  return key
}

async function donated(query: string) {
  const donor = Keypair.generate()
  await fund(t, donor.publicKey, 2)
  const { transaction, reference } = await requestDonation(t.app, emergency.id, donor.publicKey, query)
  const signature = await signAndSend(t.ledger.connection, transaction, donor)
  return { signature, reference }
}

describe('@solana/pay validateTransfer on an Action donation', () => {
  it('refuses the reference alone as "invalid references", and passes with the reference and the watch key', async () => {
    const { signature, reference } = await donated('amount=0.2&tip_percent=5')
    const recipient = new PublicKey(emergency.receiving_wallet)
    const amount = new BigNumber('0.2')
    const connection = t.ledger.connection
    await expect(
      validateTransfer(connection, signature, { recipient, amount, reference }, { commitment: 'confirmed' }),
    ).rejects.toThrow('invalid references')
    const passed = await validateTransfer(
      connection,
      signature,
      { recipient, amount, reference: [reference, await watchKey()] },
      { commitment: 'confirmed' },
    )
    expect(passed.transaction.signatures[0]).toBe(signature)
    // The watcher credits it as well, of course: the standard check and ours agree.
    await eventually(async () => {
      const receipt = await t.app.inject({ method: 'GET', url: `/api/receipts/${signature}/` })
      return receipt.statusCode === 200 ? true : undefined
    })
  })

  it('passes for a donation without a tip, and refuses a larger amount than the transfer moved', async () => {
    const { signature, reference } = await donated('amount=0.1')
    const recipient = new PublicKey(emergency.receiving_wallet)
    const references = [reference, await watchKey()]
    const options = { commitment: 'confirmed' } as const
    await validateTransfer(
      t.ledger.connection,
      signature,
      { recipient, amount: new BigNumber('0.1'), reference: references },
      options,
    )
    await expect(
      validateTransfer(
        t.ledger.connection,
        signature,
        { recipient, amount: new BigNumber('0.11'), reference: references },
        options,
      ),
    ).rejects.toThrow('amount not transferred')
  })
})

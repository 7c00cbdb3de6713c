import { describe, expect, it } from 'vitest'
import type { ParsedTx } from '../../api-contract/check-payment'
import { KNOWN_USDC_MINTS, TOKEN_PROGRAM_ADDRESS } from '../../api-contract/token-addresses'
import { solTransfer } from '../testing/parsed-tx'
import { differences, type Network, type ShownDonation } from './verify-donation'

const DONOR = 'Donor111111111111111111111111111111111111111'
const EMERGENCY = 'Emergency11111111111111111111111111111111111'
const PLATFORM = 'P1atform11111111111111111111111111111111111'
const ELSEWHERE = 'E1sewhere1111111111111111111111111111111111'
const SIGNATURE = '5'.repeat(88)

const network: Network = {
  cluster: 'local',
  platformWallet: PLATFORM,
  usdcMint: 'TestUsdcMint111111111111111111111111111111',
}
const shown = (over: Partial<ShownDonation> = {}): ShownDonation => ({
  signature: SIGNATURE,
  donorWallet: DONOR,
  receivingWallet: EMERGENCY,
  currency: 'SOL',
  amount: '0.5',
  tipAmount: '0.025',
  slot: 42,
  ...over,
})

const GIFT: [string, number][] = [
  [EMERGENCY, 500_000_000],
  [PLATFORM, 25_000_000],
]

describe('what the browser finds when it reads the transaction itself', () => {
  it('finds nothing different when the ledger moved what the receipt shows', () => {
    expect(differences(solTransfer(DONOR, GIFT), shown(), network)).toEqual([])
  })

  it('names the amount the ledger shows when it is not the one Lifeline shows', () => {
    const tx = solTransfer(DONOR, [[EMERGENCY, 400_000_000], GIFT[1]!])
    expect(differences(tx, shown(), network)).toEqual(['The amount on the ledger is 0.4 SOL, not 0.5 SOL.'])
  })

  it('names a tip that did not reach the platform wallet', () => {
    expect(differences(solTransfer(DONOR, [GIFT[0]!]), shown(), network)).toEqual([
      'The tip on the ledger is 0 SOL, not 0.025 SOL.',
    ])
  })

  it('names the slot when the receipt puts the transaction in another', () => {
    expect(differences(solTransfer(DONOR, GIFT), shown({ slot: 41 }), network)).toEqual([
      'The ledger puts it in slot 42, not 41.',
    ])
  })

  it('says the transaction failed, is unknown, or was signed by someone else', () => {
    expect(
      differences(solTransfer(DONOR, GIFT, { err: { InstructionError: [0, 'Custom'] } }), shown(), network),
    ).toEqual(['The transaction failed on the ledger: it moved nothing.'])
    expect(differences(null, shown(), network)).toEqual([
      'The ledger has no transaction with this signature.',
    ])
    expect(differences(solTransfer(DONOR, GIFT, { signer: ELSEWHERE }), shown(), network)).toEqual([
      `The transaction is signed by ${ELSEWHERE}, not by the donor wallet ${DONOR}.`,
    ])
  })

  it('says where the money went when it did not reach the emergency wallet', () => {
    expect(differences(solTransfer(DONOR, [[ELSEWHERE, 500_000_000]]), shown(), network)).toEqual([
      `The donor wallet sent nothing to the emergency wallet ${EMERGENCY}. It paid ${ELSEWHERE}.`,
    ])
  })

  it("checks USDC against Circle's mint on devnet, whatever mint the app's settings name", () => {
    const forged = 'ForgedUsdc111111111111111111111111111111111'
    const tx = usdcTx(forged, 5_000_000)
    const onDevnet = { ...network, cluster: 'devnet', usdcMint: forged }
    expect(differences(tx, shown({ currency: 'USDC', amount: '5', tipAmount: '0' }), onDevnet)).toEqual([
      `The donor paid in another token, not USDC (mint ${KNOWN_USDC_MINTS.devnet}).`,
    ])
    const onLocal = { ...network, usdcMint: forged }
    expect(differences(tx, shown({ currency: 'USDC', amount: '5', tipAmount: '0' }), onLocal)).toEqual([])
  })
})

/** The donor's transferChecked of `mint` from their token account to the emergency's. */
function usdcTx(mint: string, units: number): ParsedTx {
  const keys = [
    DONOR,
    'DonorUsdc1111111111111111111111111111111111',
    'EmergencyUsdc11111111111111111111111111111',
  ]
  const balance = (accountIndex: number, owner: string, amount: number) => ({
    accountIndex,
    mint,
    owner,
    programId: TOKEN_PROGRAM_ADDRESS,
    uiTokenAmount: { amount: String(amount) },
  })
  return {
    slot: 42,
    meta: {
      err: null,
      fee: 5000,
      preTokenBalances: [balance(1, DONOR, 10_000_000), balance(2, EMERGENCY, 0)],
      postTokenBalances: [balance(1, DONOR, 10_000_000 - units), balance(2, EMERGENCY, units)],
    },
    transaction: {
      message: {
        accountKeys: keys.map((pubkey, i) => ({ pubkey, signer: i === 0 })),
        instructions: [
          {
            program: 'spl-token',
            programId: TOKEN_PROGRAM_ADDRESS,
            parsed: {
              type: 'transferChecked',
              info: {
                source: keys[1],
                destination: keys[2],
                mint,
                authority: DONOR,
                tokenAmount: { amount: String(units), decimals: 6 },
              },
            },
          },
        ],
      },
    },
  }
}

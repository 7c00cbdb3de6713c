// A USDC donation through the payment pipeline: the transaction the donor's wallet signs (a real Ed25519
// signature over the real message), what is checked before it is sent, and what the API records.
import { PublicKey, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { beforeEach, describe, expect, test } from 'vitest'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  decodeTransferChecked,
  TOKEN_PROGRAM_ID,
} from '../../api-contract/usdc-gift'
import { runFlow } from '../flows/flow-runner'
import {
  loadPendingFlow,
  newFlow,
  PENDING_FLOW_KEY,
  savePendingFlow,
  type PendingFlow,
} from '../flows/pending-flow'
import { paymentError, resetPayments, signedIn, startDonation } from '../testing/donor'
import { store } from '../testing/harness'
import {
  paymentNetwork,
  PLATFORM_WALLET,
  USDC_MINT,
  type PaymentNetworkOptions,
} from '../testing/payment-network'
import { walletAtom } from '../state/auth.atoms'
import { walletBridgeAtom } from '../state/wallet.atoms'
import { runDonation, type DonationInput } from './payment.flows'

const RECEIVER = bs58.encode(new Uint8Array(32).fill(9))
const gift: DonationInput = {
  emergency_id: 5,
  receiving_wallet: RECEIVER,
  currency: 'USDC',
  amount: '5000000',
  tip: '250000',
  comment: 'Hold on',
}
const mint = new PublicKey(USDC_MINT)
const usdcAccount = (owner: string) => associatedTokenAddress(new PublicKey(owner), mint).toBase58()

/** A network where the donor holds USDC (its account exists), and `more` accounts exist too. */
function network(donor: string, more: string[] = [], options: PaymentNetworkOptions = {}) {
  return paymentNetwork({ ...options, accounts: [usdcAccount(donor), ...more] })
}

const donate = (input: DonationInput = gift) => startDonation(input)

/** Each instruction as what it does: the program, and for TransferChecked its accounts and amount. */
function instructionsIn(transaction: VersionedTransaction) {
  const keys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
  return transaction.message.compiledInstructions.map((instruction) => {
    const program = keys[instruction.programIdIndex]
    const accounts = instruction.accountKeyIndexes.map((index) => keys[index])
    if (program === ASSOCIATED_TOKEN_PROGRAM_ID.toBase58())
      return { open: accounts[1], owner: accounts[2], payer: accounts[0] }
    expect(program).toBe(TOKEN_PROGRAM_ID.toBase58())
    const [source, tokenMint, destination, authority] = accounts
    return { source, mint: tokenMint, destination, authority, ...decodeTransferChecked(instruction.data) }
  })
}

const shown = paymentError

/**
 * A wallet that alters the gift (`alter`) before it signs, with a valid signature of its own key: the payment
 * pipeline catches it and sends nothing.
 */
async function expectCaughtWhenSigned(alter: (transaction: VersionedTransaction) => void) {
  const keys = nacl.sign.keyPair()
  const signTransaction = async (bytes: Uint8Array) => {
    const transaction = VersionedTransaction.deserialize(bytes)
    alter(transaction)
    transaction.signatures[0] = nacl.sign.detached(transaction.message.serialize(), keys.secretKey)
    return transaction.serialize()
  }
  const wallet = signedIn({ signTransaction })
  store.set(walletAtom, bs58.encode(keys.publicKey))
  store.set(walletBridgeAtom, { ...wallet.bridge, address: bs58.encode(keys.publicKey) })
  const net = network(bs58.encode(keys.publicKey))
  await donate()
  expect(shown()).toBe('The wallet returned a different transaction. Nothing was sent.')
  expect(net.sent).toHaveLength(0)
}

beforeEach(resetPayments)

describe('a USDC donation', () => {
  test("opens the campaign's USDC account, tips and gives in one transaction the donor signed, recorded as USDC", async () => {
    const wallet = signedIn()
    const net = network(wallet.address)
    expect(await donate()).toEqual({})

    expect(net.sent).toHaveLength(1)
    const [{ transaction, signature }] = net.sent as [
      { transaction: VersionedTransaction; signature: string },
    ]
    expect(transaction.version).toBe('legacy')
    expect(transaction.message.staticAccountKeys[0]?.toBase58()).toBe(wallet.address)
    const message = transaction.message.serialize()
    expect(nacl.sign.detached.verify(message, transaction.signatures[0]!, wallet.keys.publicKey)).toBe(true)
    const from = {
      source: usdcAccount(wallet.address),
      mint: USDC_MINT,
      authority: wallet.address,
      decimals: 6,
    }
    expect(instructionsIn(transaction)).toEqual([
      { open: usdcAccount(RECEIVER), owner: RECEIVER, payer: wallet.address },
      { ...from, destination: usdcAccount(PLATFORM_WALLET), amount: 250_000n },
      { ...from, destination: usdcAccount(RECEIVER), amount: 5_000_000n },
    ])
    expect(net.records.donate).toEqual([
      {
        emergency_id: 5,
        currency: 'USDC',
        amount: '5.00',
        tx_hash: signature,
        tip_amount: '0.25',
        tip_included: true,
        comment: 'Hold on',
      },
    ])
  })

  test('leaves an existing USDC account alone, and without a tip moves the gift only', async () => {
    const wallet = signedIn()
    const net = network(wallet.address, [usdcAccount(RECEIVER)])
    await donate({ ...gift, tip: '0' })
    expect(instructionsIn(net.sent[0]!.transaction)).toEqual([
      expect.objectContaining({ destination: usdcAccount(RECEIVER), amount: 5_000_000n }),
    ])
    expect(net.records.donate[0]).toMatchObject({ currency: 'USDC', tip_amount: '0.00', tip_included: false })
  })

  test('survives the deep-link round trip: the stored flow carries the currency, and resumes as USDC', async () => {
    const wallet = signedIn()
    const net = network(wallet.address)
    savePendingFlow(newFlow('donation', gift, '/donate/5'))
    expect(JSON.parse(localStorage.getItem(PENDING_FLOW_KEY) ?? '{}')).toMatchObject({
      input: { currency: 'USDC', amount: '5000000', tip: '250000' },
    })
    await runFlow(store, loadPendingFlow() as PendingFlow<DonationInput>, runDonation, true)
    expect(net.records.donate[0]).toMatchObject({ currency: 'USDC', amount: '5.00' })
  })

  test('a donor without a USDC account is told so, and the wallet is never asked', async () => {
    const wallet = signedIn()
    const net = paymentNetwork()
    await donate()
    expect(shown()).toBe('Your wallet has no USDC.')
    expect(wallet.bridge.signTransaction).not.toHaveBeenCalled()
    expect(net.sent).toHaveLength(0)
  })

  test('too little USDC is caught by the simulation before the wallet is asked', async () => {
    const wallet = signedIn()
    network(wallet.address, [], {
      simulation: {
        err: { InstructionError: [2, { Custom: 1 }] },
        logs: ['Program log: Instruction: TransferChecked', 'Program log: Error: insufficient funds'],
      },
    })
    await donate()
    expect(shown()).toBe('You do not have enough USDC.')
    expect(wallet.bridge.signTransaction).not.toHaveBeenCalled()
  })

  test.each([
    ['another amount', (data: Uint8Array) => data.set([0x40, 0x42, 0x0f], 1)],
    ['other decimals', (data: Uint8Array) => data.set([9], 9)],
  ])('a wallet that signs the gift with %s is caught before anything is sent', async (_case, change) => {
    await expectCaughtWhenSigned((transaction) => {
      // A legacy message keeps each instruction's data as base58 text.
      const { instructions } = transaction.message as unknown as { instructions: { data: string }[] }
      const last = instructions.at(-1)!
      const data = bs58.decode(last.data)
      change(data)
      last.data = bs58.encode(data)
    })
  })

  test('a Token-2022 look-alike of the gift is caught before anything is sent', async () => {
    const token2022 = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
    await expectCaughtWhenSigned((transaction) => {
      const keysOf = transaction.message.staticAccountKeys
      keysOf[keysOf.findIndex((key) => key.equals(TOKEN_PROGRAM_ID))] = token2022
    })
  })
})

// The network a payment talks to, for the pipeline's unit tests: the ledger's JSON-RPC (/rpc) and the API's
// config and record endpoints, behind the fetch stub. The ledger checks every Ed25519 signature it is sent and
// knows each transaction by its signature, as a Solana node does; the API records each tx_hash once, as ours.
import { VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { stubApi } from './harness'

export const PLATFORM_WALLET = bs58.encode(nacl.sign.keyPair().publicKey)
/** The test USDC mint the config names. */
export const USDC_MINT = bs58.encode(nacl.sign.keyPair().publicKey)
/** What the node answers for a token account's rent-exempt minimum (165 bytes), as a real one does. */
export const TOKEN_ACCOUNT_RENT = 2_039_280

interface Sent {
  signature: string
  transaction: VersionedTransaction
}

export interface PaymentNetworkOptions {
  /** What simulateTransaction answers (the node's verdict before signing). */
  simulation?: { err: unknown; logs?: string[] }
  /** The transaction fails on-chain with this error. */
  executionError?: unknown
  /** sendTransaction fails with this node message. */
  sendFailure?: string
  /** The node accepts transactions but they never land (dropped, as an overloaded leader would). */
  dropSends?: boolean
  /** Addresses of accounts that exist on the chain (getAccountInfo), e.g. a wallet's USDC account. */
  accounts?: string[]
}

export function paymentNetwork(options: PaymentNetworkOptions = {}) {
  const sent: Sent[] = []
  const records = { donate: [] as unknown[], boost: [] as unknown[], listing: [] as unknown[] }
  let height = 1_000
  /** Hooks a test sets to break in at a call (e.g. the page closing mid-step). */
  const before: Partial<Record<string, () => void>> = {}
  const answers: Partial<Record<string, { status: number; body: unknown }>> = {}

  const rpc = (method: string, params: unknown[]) => {
    before[method]?.()
    switch (method) {
      case 'getLatestBlockhash':
        return { value: { blockhash: bs58.encode(nacl.randomBytes(32)), lastValidBlockHeight: height + 150 } }
      case 'getBlockHeight':
        return height
      case 'getAccountInfo': {
        const exists = options.accounts?.includes(String(params[0]))
        const value = exists ? { lamports: TOKEN_ACCOUNT_RENT, owner: '', data: ['', 'base64'] } : null
        return { context: { slot: height }, value }
      }
      case 'getMinimumBalanceForRentExemption':
        if (params[0] !== 165) throw new Error(`unexpected rent question for ${String(params[0])} bytes`)
        return TOKEN_ACCOUNT_RENT
      case 'simulateTransaction':
        return { value: { err: options.simulation?.err ?? null, logs: options.simulation?.logs ?? [] } }
      case 'sendTransaction': {
        if (options.sendFailure) return { error: { message: options.sendFailure } }
        const transaction = VersionedTransaction.deserialize(Buffer.from(String(params[0]), 'base64'))
        const [payer] = transaction.message.staticAccountKeys
        const signature = transaction.signatures[0]!
        if (!payer || !nacl.sign.detached.verify(transaction.message.serialize(), signature, payer.toBytes()))
          return { error: { message: 'Transaction signature verification failure' } }
        const id = bs58.encode(signature)
        if (sent.some((tx) => tx.signature === id))
          return {
            error: { message: 'Transaction simulation failed: This transaction has already been processed' },
          }
        if (!options.dropSends) sent.push({ signature: id, transaction })
        return id
      }
      case 'getSignatureStatuses': {
        const id = (params[0] as string[])[0]
        const found = sent.some((tx) => tx.signature === id)
        return {
          value: [found ? { err: options.executionError ?? null, confirmationStatus: 'confirmed' } : null],
        }
      }
      default:
        throw new Error(`unexpected RPC ${method}`)
    }
  }

  const record = (kind: keyof typeof records) => (body: unknown) => {
    before[kind]?.()
    const txHash = (body as { tx_hash: string }).tx_hash
    const answer = answers[kind]
    if (answer) return answer
    if (records[kind].some((row) => (row as { tx_hash: string }).tx_hash === txHash))
      return {
        status: 422,
        body: { error: 'already been processed', detail: '', code: 'payment_already_processed' },
      }
    records[kind].push(body)
    if (kind === 'boost')
      return {
        status: 200,
        body: { emergency: { id: (body as { emergency_id: number }).emergency_id, is_featured: true } },
      }
    if (kind === 'listing')
      return { status: 200, body: { message: 'Payment verified. Your campaign is listed.' } }
    return { status: 201, body: { id: records[kind].length } }
  }

  const calls = stubApi({
    'GET /api/config/': () => ({
      body: {
        app_name: 'Lifeline',
        public_url: 'http://localhost:3000',
        cluster: 'local',
        rpc_url: '/rpc',
        ws_url: '/rpc',
        explorer_url: 'https://explorer.solana.com/',
        platform_wallet: PLATFORM_WALLET,
        usdc_mint: USDC_MINT,
        usdc_decimals: 6,
        listing_fee: '0.5',
        boost_fee: '0.1',
        boost_days: 7,
        tip_percent: 5,
        max_upload_bytes: 5242880,
      },
    }),
    'POST /rpc': (body) => {
      const { id, method, params } = body as { id: number; method: string; params: unknown[] }
      const result = rpc(method, params) as { error?: unknown } | unknown
      if (result && typeof result === 'object' && 'error' in result)
        return { body: { jsonrpc: '2.0', id, error: (result as { error: unknown }).error } }
      return { body: { jsonrpc: '2.0', id, result } }
    },
    'POST /api/emergency/donate/': record('donate'),
    'POST /api/emergency/boost/': record('boost'),
    'POST /api/airdrop/campaigns/7/submit-payment/': record('listing'),
  })

  return {
    sent,
    records,
    calls,
    /** Runs `hook` before the next call of `name` (an RPC method, or 'donate' / 'boost' / 'listing'). */
    before: (name: string, hook: (() => void) | undefined) => (before[name] = hook),
    /** The API answers every record of `kind` with this from now on. */
    answer: (kind: string, status: number, body: unknown) => (answers[kind] = { status, body }),
    /** Moves the chain past every blockhash handed out so far. */
    expireBlockhashes: () => (height += 1_000),
  }
}

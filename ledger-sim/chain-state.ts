import { EventEmitter } from 'node:events'
import { Account, Clock, LiteSvm } from 'litesvm/dist/internal.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { RecordStore, type TxRecord } from './records'
import { MINT_LEN, mintData, TOKEN_PROGRAM } from './token-accounts'

/** How many blocks a blockhash stays usable, as on a real cluster. */
export const MAX_BLOCKHASH_AGE = 150
export const SLOTS_PER_EPOCH = 432_000
export const LAMPORTS_PER_SIGNATURE = 5000
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n
/** The local test USDC: 6 decimals, as USDC has on every cluster. */
export const USDC_DECIMALS = 6

/** The ledger's test USDC mint and the key of its mint authority (bs58 64-byte secret), kept with the chain. */
export interface UsdcMintKeys {
  mint: string
  authoritySecret: string
}

export interface ChainSnapshot {
  genesisHash: string
  faucetSecret: string
  slot: number
  blockhashes: [string, number][]
  /** Absent in a chain saved before the ledger had a test USDC: one is made when it opens. */
  usdc?: UsdcMintKeys
  svm?: LiteSvm
  records: TxRecord[]
}

/**
 * The ledger's state: a LiteSVM instance (accounts, programs, signature checks) plus what a validator adds
 * around it: a slot clock, a window of valid blockhashes, and the transaction history.
 */
export class ChainState {
  readonly events = new EventEmitter()
  readonly records = new RecordStore()
  /** blockhash → block height at which it was the latest. */
  readonly blockhashes = new Map<string, number>()
  readonly svm: LiteSvm
  readonly genesisHash: string
  readonly faucetSecret: Uint8Array
  /** The test USDC mint (created at the chain's first start) and its mint authority's secret key. */
  readonly usdcMint: string
  readonly usdcAuthority: Uint8Array
  slot: number
  latestBlockhash: string
  dirty = false
  /** Records not yet written to disk. */
  readonly unsaved: TxRecord[] = []

  constructor(snapshot?: ChainSnapshot) {
    this.events.setMaxListeners(0)
    this.genesisHash = snapshot?.genesisHash ?? bs58.encode(crypto.getRandomValues(new Uint8Array(32)))
    this.faucetSecret = snapshot ? bs58.decode(snapshot.faucetSecret) : newFaucetSecret()
    this.slot = snapshot?.slot ?? 0
    this.svm = snapshot?.svm ?? new LiteSvm()
    // Blockhash age is checked here (150 blocks), not by LiteSVM, which only accepts its single latest hash.
    this.svm.setBlockhashCheck(false)
    // Our own record store detects duplicates; LiteSVM's history need not grow without bound.
    for (const rec of snapshot?.records ?? []) this.records.add(rec)
    for (const [hash, height] of snapshot?.blockhashes ?? []) this.blockhashes.set(hash, height)
    if (!snapshot?.svm) this.fundFaucet()
    const usdc = snapshot?.usdc ?? this.createUsdcMint()
    this.usdcMint = usdc.mint
    this.usdcAuthority = bs58.decode(usdc.authoritySecret)
    this.latestBlockhash = this.svm.latestBlockhash()
    if (!this.blockhashes.has(this.latestBlockhash)) this.blockhashes.set(this.latestBlockhash, this.slot)
    this.setClock()
  }

  get blockHeight(): number {
    return this.slot
  }

  get faucetAddress(): string {
    return bs58.encode(this.faucetSecret.subarray(32))
  }

  /** Advances one slot: a new blockhash, a new clock, and subscribers told. */
  tick(): void {
    this.slot += 1
    this.svm.expireBlockhash()
    this.latestBlockhash = this.svm.latestBlockhash()
    this.blockhashes.set(this.latestBlockhash, this.slot)
    for (const [hash, height] of this.blockhashes) {
      if (this.slot - height <= MAX_BLOCKHASH_AGE * 2) break
      this.blockhashes.delete(hash)
    }
    this.setClock()
    this.events.emit('slot', this.slot)
  }

  isBlockhashValid(hash: string): boolean {
    const height = this.blockhashes.get(hash)
    return height !== undefined && this.blockHeight - height <= MAX_BLOCKHASH_AGE
  }

  lastValidBlockHeight(hash = this.latestBlockhash): number {
    return (this.blockhashes.get(hash) ?? this.blockHeight) + MAX_BLOCKHASH_AGE
  }

  balance(address: string): bigint {
    return this.svm.getBalance(bs58.decode(address)) ?? 0n
  }

  account(address: string): Account | null {
    const acc = this.svm.getAccount(bs58.decode(address))
    return acc && (acc.lamports() > 0n || acc.data().length > 0 || acc.executable()) ? acc : null
  }

  addRecord(rec: TxRecord): void {
    this.records.add(rec)
    this.unsaved.push(rec)
    this.dirty = true
    this.events.emit('tx', rec)
  }

  snapshotMeta(): Omit<ChainSnapshot, 'svm' | 'records'> {
    return {
      genesisHash: this.genesisHash,
      faucetSecret: bs58.encode(this.faucetSecret),
      slot: this.slot,
      blockhashes: [...this.blockhashes],
      usdc: { mint: this.usdcMint, authoritySecret: bs58.encode(this.usdcAuthority) },
    }
  }

  private fundFaucet(): void {
    const owner = bs58.decode(SYSTEM_PROGRAM)
    this.svm.setAccount(
      this.faucetSecret.subarray(32),
      new Account(FAUCET_LAMPORTS, new Uint8Array(0), owner, false, 0n),
    )
  }

  /** A mint account written straight into the SVM, as a genesis account is (no transaction made it). */
  private createUsdcMint(): UsdcMintKeys {
    const authority = nacl.sign.keyPair()
    const mint = nacl.sign.keyPair().publicKey
    const rent = this.svm.minimumBalanceForRentExemption(BigInt(MINT_LEN))
    const data = mintData(authority.publicKey, USDC_DECIMALS)
    this.svm.setAccount(mint, new Account(rent, data, bs58.decode(TOKEN_PROGRAM), false, 0n))
    this.dirty = true
    return { mint: bs58.encode(mint), authoritySecret: bs58.encode(authority.secretKey) }
  }

  private setClock(): void {
    const epoch = BigInt(Math.floor(this.slot / SLOTS_PER_EPOCH))
    const now = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(new Clock(BigInt(this.slot), now, epoch, epoch + 1n, now))
  }
}

function newFaucetSecret(): Uint8Array {
  // tweetnacl's 64-byte secret key layout: seed ‖ public key.
  return nacl.sign.keyPair().secretKey
}

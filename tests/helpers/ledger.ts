// An app wired to a real ledger: one ledger on port 0 per test file, `deps.chain` pointing at it, uploads in a
// throwaway folder, and users whose signed-in wallet is funded and can pay (every payment a real transaction).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { confirm, startTestLedger, transferTx, type TestLedger } from '../../ledger-sim/test-kit'
import { createRpcClient } from '../../server/chain'
import { diskStore } from '../../server/storage'
import { createTestApp, type TestApp, type TestAppOptions } from './app'
import { register, registerAndSignIn, signIn, testWallet, type TestWallet } from './wallet'

export interface LedgerTestApp extends TestApp {
  ledger: TestLedger
  /** where this app's uploads are written */
  uploadsDir: string
}

export async function createLedgerTestApp(options: TestAppOptions = {}): Promise<LedgerTestApp> {
  const [ledger, uploadsDir] = await Promise.all([
    startTestLedger(),
    fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-uploads-')),
  ])
  const chain = {
    rpc: createRpcClient(ledger.ledger.rpcUrl),
    genesisHash: ledger.ledger.genesisHash,
    usdcMint: ledger.ledger.usdcMint,
  }
  const t = await createTestApp({
    ...options,
    deps: { chain, storage: diskStore(uploadsDir), ...options.deps },
  })
  return {
    ...t,
    ledger,
    uploadsDir,
    close: async () => {
      await t.close()
      await ledger.close()
      await fs.rm(uploadsDir, { recursive: true, force: true })
    },
  }
}

export interface PayingUser {
  wallet: TestWallet
  /** the same key as `wallet`, for signing transactions */
  keypair: Keypair
  address: string
  access: string
  bearer: { authorization: string }
}

function asPayingUser(wallet: TestWallet, access: string): PayingUser {
  return {
    wallet,
    keypair: Keypair.fromSecretKey(wallet.secretKey),
    address: wallet.address,
    access,
    bearer: { authorization: `Bearer ${access}` },
  }
}

/** A registered, signed-in user whose wallet holds `sol` SOL on the test ledger (0: not funded). */
export async function payingUser(t: LedgerTestApp, sol = 3): Promise<PayingUser> {
  const { wallet, access } = await registerAndSignIn(t.app)
  const user = asPayingUser(wallet, access)
  if (sol > 0) await fund(t, user.keypair.publicKey, sol)
  return user
}

/** Registers a wallet chosen beforehand (e.g. one listed in config.adminWallets). */
export async function registeredUser(t: LedgerTestApp, wallet: TestWallet, sol = 0): Promise<PayingUser> {
  const { access } = await register(t.app, wallet)
  const user = asPayingUser(wallet, access)
  if (sol > 0) await fund(t, user.keypair.publicKey, sol)
  return user
}

export async function fund(t: LedgerTestApp, to: PublicKey, sol: number): Promise<void> {
  const connection = t.ledger.connection
  await confirm(connection, await connection.requestAirdrop(to, sol * LAMPORTS_PER_SOL))
}

export interface Leg {
  to: string | PublicKey
  lamports: bigint | number
}

/** Sends one transaction of System transfers signed by `from`, waits for `confirmed`, returns its signature. */
export async function pay(t: LedgerTestApp, from: Keypair, legs: Leg[]): Promise<string> {
  const connection = t.ledger.connection
  const tx = await transferTx(
    connection,
    from,
    legs.map((leg) => ({ to: new PublicKey(leg.to), lamports: leg.lamports })),
  )
  const signature = await connection.sendRawTransaction(tx.serialize())
  await confirm(connection, signature)
  return signature
}

/** Signs the user in again (after a test moved the clock past the access token's life); updates it in place. */
export async function signInAgain(t: LedgerTestApp, user: PayingUser): Promise<void> {
  const { access } = await signIn(t.app, user.wallet)
  user.access = access
  user.bearer = { authorization: `Bearer ${access}` }
}

/**
 * A ledger app whose config lists one admin wallet: one paying user per `funds` entry (their SOL), then the
 * admin, registered (not funded).
 */
export async function ledgerAppWithAdmin<const F extends readonly number[]>(
  funds: F,
  options: TestAppOptions = {},
): Promise<{ t: LedgerTestApp; admin: PayingUser; users: { -readonly [K in keyof F]: PayingUser } }> {
  const adminWallet = testWallet()
  const t = await createLedgerTestApp({
    ...options,
    config: { adminWallets: new Set([adminWallet.address]), ...options.config },
  })
  const users = await Promise.all([...funds.map((sol) => payingUser(t, sol)), registeredUser(t, adminWallet)])
  const admin = users.pop()!
  return { t, admin, users: users as { -readonly [K in keyof F]: PayingUser } }
}

// Donation recording time after confirmation: real donors sign in, send a real transfer to the local ledger
// through the server's /rpc (SOL, or a USDC TransferChecked of the ledger's test USDC, funded through the local
// faucet), wait for `confirmed`, then POST emergency/donate/; the time of that POST (verifying on the chain and
// recording) is what the table reports. Donors are distinct clients behind one proxy hop
// (X-Forwarded-For), so the per-IP donation limit applies to each as it would in production.
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import sharp from 'sharp'
import nacl from 'tweetnacl'
import type { Currency } from '../../api-contract/common'
import type { FaucetAnswer } from '../../api-contract/faucet'
import { USDC_DECIMALS, usdcGiftInstructions } from '../../api-contract/usdc-gift'
import { confirm, transferTx } from '../../ledger-sim/test-kit'

export interface RecordingFigures {
  count: number
  p50: number
  p99: number
  failures: number
  /** the first failure's status and answer */
  firstFailure?: string
}

interface Client {
  keypair: Keypair
  ip: string
  headers: Record<string, string>
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0

async function call<T>(base: string, path: string, init: RequestInit & { ip: string }): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'x-forwarded-for': init.ip, ...(init.headers as Record<string, string>) },
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** `whole` test USDC to the wallet through the local faucet (its USDC account opened when missing), confirmed. */
async function fundUsdc(base: string, connection: Connection, wallet: PublicKey, whole: number, ip: string) {
  const answer = await call<FaucetAnswer>(base, '/api/faucet/', {
    ip,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ wallet_address: wallet.toBase58(), asset: 'usdc', amount: whole }),
  })
  await confirm(connection, answer.signature)
}

/** A registered, signed-in wallet (Sign-In With Solana, as the PWA does), funded on the ledger. */
async function client(base: string, connection: Connection, n: number): Promise<Client> {
  const keypair = Keypair.generate()
  const ip = `198.51.100.${n}`
  const address = keypair.publicKey.toBase58()
  const { message } = await call<{ message: string }>(base, `/api/users/nonce/?wallet_address=${address}`, {
    ip,
  })
  const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), keypair.secretKey))
  const tokens = await call<{ access: string }>(base, '/api/users/register/', {
    ip,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ wallet_address: address, email: `donor${n}@example.com`, signature, message }),
  })
  await confirm(connection, await connection.requestAirdrop(keypair.publicKey, 5 * LAMPORTS_PER_SOL))
  return { keypair, ip, headers: { authorization: `Bearer ${tokens.access}` } }
}

async function createEmergency(
  base: string,
  connection: Connection,
  owner: Client,
  currency: Currency,
): Promise<{ id: number; wallet: PublicKey }> {
  const form = new FormData()
  const wallet = Keypair.generate().publicKey
  const fields = {
    title: 'Bench: water pumps for the valley',
    description: 'Created by the benchmark to receive real donations.',
    sol_goal: '1000',
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    receiving_wallet: wallet.toBase58(),
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c83' } })
    .png()
    .toBuffer()
  form.append('proof_images', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'proof.png')
  const created = await call<{ id: number }>(base, '/api/emergency/create/', {
    ip: owner.ip,
    method: 'POST',
    headers: owner.headers,
    body: form,
  })
  // The receiving wallet must exist on the ledger before a transfer of less than the rent minimum reaches it, and
  // have a USDC account (opened by the faucet) before a USDC gift that does not open one.
  await confirm(connection, await connection.requestAirdrop(wallet, LAMPORTS_PER_SOL))
  if (currency === 'USDC') await fundUsdc(base, connection, wallet, 1, owner.ip)
  return { id: created.id, wallet }
}

/** Benchmark emergencies with their funded donors, ready to receive donations (by `run`) while something else
 * is measured. */
export interface DonationStream {
  /** the first emergency (the only one unless more were asked for) */
  emergencyId: number
  /** each donor donates in turn until `stop()` says so; the POST emergency/donate/ time of each */
  run(stop: () => boolean): Promise<RecordingFigures>
}

/**
 * `donors` donors, donor i giving to emergency i mod `emergencies`. Clients are numbered from `firstClient` (their
 * address 198.51.100.n): the donation rate limit counts per address, so each stream that must not inherit another's
 * count starts elsewhere.
 */
export async function donationStream(
  base: string,
  donors: number,
  emergencies = 1,
  firstClient = 1,
  currency: Currency = 'SOL',
): Promise<DonationStream> {
  const connection = new Connection(`${base}/rpc`, {
    commitment: 'confirmed',
    wsEndpoint: `${base.replace(/^http/, 'ws')}/rpc`,
  })
  const owner = await client(base, connection, firstClient)
  const targets: { id: number; wallet: PublicKey }[] = []
  for (let i = 0; i < emergencies; i++) targets.push(await createEmergency(base, connection, owner, currency))
  const clients = await Promise.all(
    Array.from({ length: donors }, async (_, i) => {
      const donor = await client(base, connection, firstClient + 1 + i)
      if (currency === 'USDC') await fundUsdc(base, connection, donor.keypair.publicKey, 1000, donor.ip)
      return donor
    }),
  )
  const gift = currency === 'USDC' ? usdcGift(connection, base) : solGift(connection)
  const run = async (stop: () => boolean): Promise<RecordingFigures> => {
    const times: number[] = []
    let failures = 0
    let firstFailure: string | undefined
    await Promise.all(
      clients.map(async (donor, i) => {
        const emergency = targets[i % targets.length]!
        while (!stop()) {
          const signature = await connection.sendRawTransaction(
            await gift.sign(donor.keypair, emergency.wallet),
          )
          await confirm(connection, signature)
          const started = performance.now()
          const response = await fetch(`${base}/api/emergency/donate/`, {
            method: 'POST',
            headers: { ...donor.headers, 'content-type': 'application/json', 'x-forwarded-for': donor.ip },
            body: JSON.stringify({ emergency_id: emergency.id, ...gift.claim, tx_hash: signature }),
          })
          const body = await response.text()
          if (response.status === 201) times.push(performance.now() - started)
          else {
            failures++
            firstFailure ??= `${response.status} ${body.slice(0, 300)}`
          }
        }
      }),
    )
    return {
      count: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      failures,
      firstFailure,
    }
  }
  return { emergencyId: targets[0]!.id, run }
}

/**
 * `count` donations by `donors` donors in parallel, to `emergencies` emergencies (donor i gives to emergency
 * i mod `emergencies`); the POST emergency/donate/ time of each. Donations to one emergency wait for each other
 * on its row (its totals); to different emergencies they should not.
 */
export async function measureRecording(
  base: string,
  count: number,
  donors: number,
  emergencies = 1,
  currency: Currency = 'SOL',
  firstClient = 1,
): Promise<RecordingFigures> {
  let started = 0
  return (await donationStream(base, donors, emergencies, firstClient, currency)).run(
    () => started++ >= count,
  )
}

/** One donation's signed transaction and what the PWA posts about it: 0.01 SOL by a System transfer. */
function solGift(connection: Connection) {
  return {
    claim: { amount: '0.01' },
    async sign(donor: Keypair, to: PublicKey) {
      return (await transferTx(connection, donor, [{ to, lamports: 10_000_000 }])).serialize()
    },
  }
}

/** 0.5 USDC by TransferChecked into the recipient's USDC account, as the PWA's gift builder makes it. */
function usdcGift(connection: Connection, base: string) {
  const mint = fetch(`${base}/api/config/`)
    .then((r) => r.json() as Promise<{ usdc_mint: string; platform_wallet: string }>)
    .then((c) => ({ mint: new PublicKey(c.usdc_mint), platform: new PublicKey(c.platform_wallet) }))
  return {
    claim: { currency: 'USDC', amount: '0.5' },
    async sign(donor: Keypair, to: PublicKey) {
      const { mint: usdcMint, platform } = await mint
      const tx = new Transaction({
        feePayer: donor.publicKey,
        recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
      }).add(
        ...usdcGiftInstructions({
          donor: donor.publicKey,
          recipient: to,
          platform,
          mint: usdcMint,
          decimals: USDC_DECIMALS,
          amount: 500_000n,
          tip: 0n,
          openRecipientAccount: false,
        }),
      )
      tx.sign(donor)
      return tx.serialize()
    },
  }
}

// The injected Phantom double itself: its signatures are real Ed25519, so the local ledger executes the legacy
// and version-0 transactions it signs (the screens that send SOL build on this).
import { resolve } from 'node:path'
import type * as Web3 from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import { viewports } from './harness/browser'
import { airdrop, waitForConfirmation } from './harness/faucet'
import { installPhantom, type InjectedPhantom, type PhantomDouble } from './harness/phantom'
import { rpc } from './harness/rpc'
import { repoRoot } from './harness/server'
import { useApp, useSession } from './harness/session'

const app = useApp()
const WEB3_IIFE = resolve(repoRoot, 'node_modules/@solana/web3.js/lib/index.iife.min.js')
const LAMPORTS = 1_000_000

describe.each(viewports)('at the $name viewport', (viewport) => {
  let wallet: PhantomDouble
  const session = useSession(app, viewport, async (context) => {
    wallet = await installPhantom(context, app.server().rpcUrl)
  })

  test('signs and sends a legacy and a version-0 transfer that the local ledger confirms', async () => {
    const { page } = session()
    const { rpcUrl } = app.server()
    const recipient = bs58.encode(nacl.sign.keyPair().publicKey)
    await airdrop(rpcUrl, wallet.address(), 1)
    // web3.js for the page, from this repository's node_modules, at a same-origin URL (the CSP allows 'self').
    await page.route('**/__e2e/web3.js', (route) =>
      route.fulfill({ path: WEB3_IIFE, contentType: 'text/javascript' }),
    )
    await page.goto('/')
    await page.addScriptTag({ url: '/__e2e/web3.js' })

    const signatures = await page.evaluate(
      async ({ rpcUrl, recipient, lamports }) => {
        const { solanaWeb3: web3, phantom } = window as unknown as {
          solanaWeb3: typeof Web3
          phantom: { solana: InjectedPhantom }
        }
        const { publicKey } = await phantom.solana.connect()
        const from = new web3.PublicKey(publicKey.toBytes())
        const connection = new web3.Connection(rpcUrl, 'confirmed')
        const { blockhash } = await connection.getLatestBlockhash()
        const transfer = web3.SystemProgram.transfer({
          fromPubkey: from,
          toPubkey: new web3.PublicKey(recipient),
          lamports,
        })
        const legacy = new web3.Transaction({ feePayer: from, recentBlockhash: blockhash }).add(transfer)
        const { signature: sent } = await phantom.solana.signAndSendTransaction(legacy)
        const message = new web3.TransactionMessage({
          payerKey: from,
          recentBlockhash: blockhash,
          instructions: [transfer],
        })
        const v0 = await phantom.solana.signTransaction(
          new web3.VersionedTransaction(message.compileToV0Message()),
        )
        return [sent, await connection.sendRawTransaction(v0.serialize())]
      },
      { rpcUrl, recipient, lamports: LAMPORTS },
    )

    for (const signature of signatures) await waitForConfirmation(rpcUrl, signature)
    const { value } = await rpc<{ value: number }>(rpcUrl, 'getBalance', [recipient])
    expect(value).toBe(2 * LAMPORTS)
  })
})

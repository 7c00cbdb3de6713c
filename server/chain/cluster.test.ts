import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestLedger, type TestLedger } from '../../ledger-sim/test-kit'
import { assertCluster, ClusterMismatchError, KNOWN_GENESIS } from './cluster'
import { LedgerUnavailable, createRpcClient, RpcMethodError } from './rpc-client'
import { verifyPayment } from './verify-payment'

let t: TestLedger
let broken: Server
let brokenUrl: string
beforeAll(async () => {
  t = await startTestLedger()
  // A "node" that answers HTTP 503 to /503, hangs on /hang, and sends garbage elsewhere.
  broken = createServer((req, res) => {
    if (req.url === '/503') res.writeHead(503).end()
    else if (req.url === '/hang') setTimeout(() => res.end('{}'), 2000)
    else res.end('<html>not json</html>')
  })
  await new Promise<void>((r) => broken.listen(0, '127.0.0.1', () => r()))
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`
})
afterAll(async () => {
  broken.closeAllConnections()
  broken.close()
  await t.close()
})

describe('assertCluster', () => {
  it('accepts the local ledger when its own genesis hash is expected', async () => {
    const rpc = createRpcClient(t.ledger.rpcUrl)
    await expect(assertCluster(rpc, { cluster: 'local', genesisHash: t.ledger.genesisHash })).resolves.toBe(
      t.ledger.genesisHash,
    )
  })

  it('refuses to start when the RPC serves another cluster than the configured one', async () => {
    const rpc = createRpcClient(t.ledger.rpcUrl)
    await expect(assertCluster(rpc, { cluster: 'devnet' })).rejects.toThrow(ClusterMismatchError)
    await expect(assertCluster(rpc, { cluster: 'mainnet-beta' })).rejects.toThrow(/refusing to start/)
    await expect(assertCluster(rpc, { cluster: 'local', genesisHash: KNOWN_GENESIS.devnet })).rejects.toThrow(
      ClusterMismatchError,
    )
  })

  it('makes verifyPayment throw when the RPC it asks is on another cluster', async () => {
    const rpc = createRpcClient(t.ledger.rpcUrl)
    const expected = {
      signature: '1'.repeat(64),
      payer: Keypair.generate().publicKey.toBase58(),
      transfers: [],
    }
    await expect(
      verifyPayment(rpc, expected, { genesisHash: KNOWN_GENESIS['mainnet-beta'] }),
    ).rejects.toThrow(ClusterMismatchError)
    await expect(
      verifyPayment(rpc, expected, { genesisHash: t.ledger.genesisHash, retryDelaysMs: [] }),
    ).resolves.toEqual({ ok: false, reason: 'not_found_on_chain' })
  })
})

describe('the RPC client', () => {
  it('throws LedgerUnavailable when the node cannot be reached, times out, fails or answers garbage', async () => {
    await expect(createRpcClient('http://127.0.0.1:1').call('getSlot')).rejects.toThrow(LedgerUnavailable)
    await expect(createRpcClient(`${brokenUrl}/503`).call('getSlot')).rejects.toThrow(/HTTP 503/)
    await expect(createRpcClient(`${brokenUrl}/hang`, { timeoutMs: 100 }).call('getSlot')).rejects.toThrow(
      /timed out after 100 ms/,
    )
    await expect(createRpcClient(brokenUrl).call('getSlot')).rejects.toThrow(LedgerUnavailable)
  })

  it('keeps verification failures apart from infrastructure faults', async () => {
    const down = createRpcClient('http://127.0.0.1:1')
    const expected = {
      signature: '1'.repeat(64),
      payer: Keypair.generate().publicKey.toBase58(),
      transfers: [],
    }
    await expect(verifyPayment(down, expected)).rejects.toThrow(LedgerUnavailable)
  })

  it("reports method errors with the node's code and answers batches in call order", async () => {
    const rpc = createRpcClient(t.ledger.rpcUrl)
    await expect(rpc.call('getBalance', ['nope'])).rejects.toThrow(RpcMethodError)
    const [slot, bad, genesis] = await rpc.batch([
      ['getSlot', []],
      ['noSuchMethod', []],
      ['getGenesisHash', []],
    ])
    expect(slot?.ok && typeof slot.result).toBe('number')
    expect(bad?.ok === false && bad.error.code).toBe(-32601)
    expect(genesis).toEqual({ ok: true, result: t.ledger.genesisHash })
  })
})

// Local mode with SOLANA_RPC_URL: the server attaches to a local ledger already running (`npm run ledger`) instead
// of starting one, and mounts it at /rpc as it does its own (server/attached-ledger.ts): JSON-RPC forwarded,
// websockets relayed, the ledger's genesis hash kept as the cluster's identity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startLedger, type RunningLedger } from '../../ledger-sim'
import { attachedLedger } from '../../server/attached-ledger'
import { connectChain } from '../../server/connect-chain'
import { createTestApp, type TestApp } from '../helpers/app'

let ledger: RunningLedger
let t: TestApp
let base: string
beforeAll(async () => {
  ledger = await startLedger({ port: 0 })
  const attached = attachedLedger({ rpcUrl: ledger.rpcUrl, wsUrl: ledger.wsUrl })
  t = await createTestApp({ deps: { ledger: attached } })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t?.close()
  await ledger?.close()
})

const rpc = (method: string, params: unknown[] = []) =>
  t.app.inject({ method: 'POST', url: '/rpc', payload: { jsonrpc: '2.0', id: 1, method, params } })

describe('a local ledger attached to with SOLANA_RPC_URL', () => {
  it("forwards /rpc to it and pins its genesis hash as the cluster's identity", async () => {
    const answer = await rpc('getGenesisHash')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ result: ledger.genesisHash })
    const chain = await connectChain({ cluster: 'local', rpcUrl: ledger.rpcUrl, usdcMint: undefined }, t.db)
    expect(chain.genesisHash).toBe(ledger.genesisHash)
    // and learns its test USDC mint from it
    expect(chain.usdcMint).toBe(ledger.usdcMint)
  })

  it('relays a websocket subscription at /rpc to it', async () => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/rpc`)
    const messages: unknown[] = []
    const notified = new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        messages.push(JSON.parse(String(data)))
        if (messages.length === 2) resolve()
      })
      socket.on('error', reject)
    })
    socket.on('open', () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'slotSubscribe' })))
    await notified
    socket.close()
    expect(messages[0]).toMatchObject({ id: 7, result: expect.any(Number) })
    expect(messages[1]).toMatchObject({ method: 'slotNotification' })
  })

  it('answers 503 ledger_unavailable when the ledger does not answer', async () => {
    const gone = attachedLedger({ rpcUrl: 'http://127.0.0.1:9', wsUrl: 'ws://127.0.0.1:10' })
    await expect(gone.handleRpc({ jsonrpc: '2.0', id: 1, method: 'getSlot' })).rejects.toMatchObject({
      code: 'ledger_unavailable',
      status: 503,
    })
    await gone.close()
  })
})

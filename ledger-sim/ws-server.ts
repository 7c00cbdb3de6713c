import { WebSocketServer, type WebSocket } from 'ws'
import type { ChainState } from './chain-state'
import { encodeAccount, type AccountEncoding } from './account-format'
import { depthFor, type TxRecord } from './records'
import { commitment, config, pubkey, signature } from './methods/params'
import { RpcError } from './errors'

interface Sub {
  id: number
  ws: WebSocket
  kind: 'signature' | 'account' | 'slot'
  key: string
  depth: number
  encoding?: AccountEncoding
  last?: string
}

/**
 * The pub-sub side of the RPC: signature, account and slot subscriptions, as web3.js's
 * `confirmTransaction` and `onAccountChange` use them.
 * @see https://solana.com/docs/rpc/websocket
 */
export function createWsHub(chain: ChainState) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const subs = new Map<number, Sub>()
  let nextId = 1
  const notify = (s: Sub, method: string, result: unknown) =>
    s.ws.readyState === s.ws.OPEN &&
    s.ws.send(JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription: s.id } }))

  const accountValue = (s: Sub) => {
    const acc = chain.account(s.key)
    return acc
      ? encodeAccount(acc, s.encoding)
      : {
          data: ['', 'base64'],
          executable: false,
          lamports: 0,
          owner: '11111111111111111111111111111111',
          rentEpoch: 0,
          space: 0,
        }
  }
  const checkSignature = (s: Sub, rec: TxRecord | undefined) => {
    if (!rec || chain.slot - rec.slot < s.depth) return
    subs.delete(s.id)
    notify(s, 'signatureNotification', { context: { slot: chain.slot }, value: { err: rec.err } })
  }
  const checkAccount = (s: Sub) => {
    const value = accountValue(s)
    const fingerprint = JSON.stringify(value)
    if (fingerprint === s.last) return
    s.last = fingerprint
    notify(s, 'accountNotification', { context: { slot: chain.slot }, value })
  }
  chain.events.on('tx', (rec: TxRecord) => {
    for (const s of subs.values()) {
      if (s.kind === 'signature' && s.key === rec.signature) checkSignature(s, rec)
      else if (s.kind === 'account' && s.depth === 0 && rec.keys.includes(s.key)) checkAccount(s)
    }
  })
  chain.events.on('slot', (slot: number) => {
    for (const s of subs.values()) {
      if (s.kind === 'signature') checkSignature(s, chain.records.get(s.key))
      else if (s.kind === 'account') checkAccount(s)
      else notify(s, 'slotNotification', { parent: slot - 1, root: Math.max(0, slot - 32), slot })
    }
  })

  const subscribe = (ws: WebSocket, method: string, params: unknown[]): unknown => {
    const unsub = (kind: Sub['kind']) => {
      const s = subs.get(Number(params[0]))
      if (!s || s.ws !== ws || s.kind !== kind) throw new RpcError(-32602, 'Invalid subscription id.')
      return subs.delete(s.id)
    }
    switch (method) {
      case 'signatureSubscribe': {
        const s: Sub = {
          id: nextId++,
          ws,
          kind: 'signature',
          key: signature(params[0]),
          depth: depthFor(commitment(config(params, 1))),
        }
        subs.set(s.id, s)
        queueMicrotask(() => subs.has(s.id) && checkSignature(s, chain.records.get(s.key)))
        return s.id
      }
      case 'accountSubscribe': {
        const c = config(params, 1)
        const s: Sub = {
          id: nextId++,
          ws,
          kind: 'account',
          key: pubkey(params, 0),
          depth: depthFor(commitment(c)),
          encoding: c.encoding as AccountEncoding | undefined,
        }
        s.last = JSON.stringify(accountValue(s))
        subs.set(s.id, s)
        return s.id
      }
      case 'slotSubscribe': {
        const s: Sub = { id: nextId++, ws, kind: 'slot', key: '', depth: 0 }
        subs.set(s.id, s)
        return s.id
      }
      case 'signatureUnsubscribe':
        return unsub('signature')
      case 'accountUnsubscribe':
        return unsub('account')
      case 'slotUnsubscribe':
        return unsub('slot')
      default:
        throw new RpcError(-32601, 'Method not found')
    }
  }

  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      let req: { id?: unknown; method?: unknown; params?: unknown }
      try {
        req = JSON.parse(raw.toString())
      } catch {
        return ws.send(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
        )
      }
      const id = req.id ?? null
      try {
        const result = subscribe(ws, String(req.method), Array.isArray(req.params) ? req.params : [])
        ws.send(JSON.stringify({ jsonrpc: '2.0', result, id }))
      } catch (e) {
        const code = e instanceof RpcError ? e.code : -32603
        ws.send(JSON.stringify({ jsonrpc: '2.0', error: { code, message: (e as Error).message }, id }))
      }
    })
    ws.on('close', () => {
      for (const s of subs.values()) if (s.ws === ws) subs.delete(s.id)
    })
  })
  return wss
}

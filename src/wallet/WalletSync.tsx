// Mirrors wallet-adapter's state into the bridge atom and reports changes the user made in the wallet itself.
import { WalletReadyState, type WalletError } from '@solana/wallet-adapter-base'
import { useWallet } from '@solana/wallet-adapter-react'
import { VersionedTransaction } from '@solana/web3.js'
import { useSetAtom } from 'jotai'
import { useEffect, useRef, type MutableRefObject } from 'react'
import { loadPendingFlow } from '../flows/pending-flow'
import { walletBridgeAtom, walletEventAtom, type WalletEvent } from '../state/wallet.atoms'
import { SANDBOX_WALLET_NAME } from './sandbox/constants'
import { walletKindOf } from './wallet-kind'

interface Pending {
  name: string
  resolve: (address: string) => void
  reject: (error: Error) => void
}

let eventSeq = 0
const AUTH_KINDS: ReadonlySet<string> = new Set(['connect', 'sign-in', 'register'])
const CONNECT_TIMEOUT_MS = 60_000

/**
 * wallet-adapter wraps what the wallet threw (WalletConnectionError, WalletSignMessageError…) and keeps it on
 * `.error`; the deep-link wallets throw texts meant for the user, so the bridge passes those on unwrapped.
 */
export function unwrapWalletError(error: unknown): unknown {
  const inner = (error as { error?: unknown } | null)?.error
  return inner instanceof Error && 'failure' in inner ? inner : error
}

export function WalletSync({
  errorHandler,
}: {
  errorHandler: MutableRefObject<(error: WalletError) => void>
}) {
  const wallet = useWallet()
  const setBridge = useSetAtom(walletBridgeAtom)
  const setEvent = useSetAtom(walletEventAtom)
  const pending = useRef<Pending | null>(null)
  const selfDisconnect = useRef(false)
  const previous = useRef<string | null>(null)
  const address = wallet.publicKey?.toBase58() ?? null
  const name = wallet.wallet?.adapter.name ?? null

  errorHandler.current = (error) => {
    const waiting = pending.current
    pending.current = null
    waiting?.reject(unwrapWalletError(error) as Error)
  }

  useEffect(() => {
    const before = previous.current
    previous.current = address
    const waiting = pending.current
    if (waiting) {
      if (address && name === waiting.name) {
        pending.current = null
        waiting.resolve(address)
      }
      return
    }
    if (before === address) return
    if (selfDisconnect.current) {
      if (!address) selfDisconnect.current = false
      return
    }
    const kind: WalletEvent['kind'] = !before ? 'restored' : address ? 'account-changed' : 'disconnected'
    // Back from a wallet app with a connect or sign-in under way: that action owns the account it connected.
    if (kind === 'restored' && AUTH_KINDS.has(loadPendingFlow()?.kind ?? '')) return
    setEvent({ kind, address, walletName: name, seq: ++eventSeq })
  }, [address, name, setEvent])

  useEffect(() => {
    setBridge({
      wallets: wallet.wallets.map(({ adapter, readyState }) => ({
        name: adapter.name,
        icon: adapter.icon,
        url: adapter.url,
        detected: readyState === WalletReadyState.Installed || readyState === WalletReadyState.Loadable,
        installed: readyState === WalletReadyState.Installed,
        sandbox: adapter.name === SANDBOX_WALLET_NAME,
        kind: walletKindOf(adapter),
      })),
      walletName: name,
      address,
      connecting: wallet.connecting,
      connect: (next) =>
        new Promise<string>((resolve, reject) => {
          pending.current?.reject(new Error('Another wallet was chosen'))
          const entry: Pending = { name: next, resolve, reject }
          pending.current = entry
          // A wallet window closed without an answer must not leave the screens waiting forever. A deep-link
          // wallet has no such limit: the user may stay in the wallet app a while, and its prompt has Cancel.
          const chosen = wallet.wallets.find(({ adapter }) => adapter.name === next)
          if (!chosen || walletKindOf(chosen.adapter) !== 'deeplink')
            window.setTimeout(() => {
              if (pending.current !== entry) return
              pending.current = null
              reject(new Error('The wallet did not answer'))
            }, CONNECT_TIMEOUT_MS)
          if (name !== next) wallet.select(next as Parameters<typeof wallet.select>[0])
          else if (address) {
            pending.current = null
            resolve(address)
          } else wallet.connect().catch((error: unknown) => reject(unwrapWalletError(error) as Error))
        }),
      disconnect: async () => {
        if (address) selfDisconnect.current = true
        await wallet.disconnect()
      },
      signMessage: async (message) => {
        if (!wallet.signMessage) throw new Error('This wallet cannot sign messages')
        return wallet.signMessage(message).catch((error: unknown) => Promise.reject(unwrapWalletError(error)))
      },
      signTransaction: async (bytes) => {
        if (!wallet.signTransaction) throw new Error('This wallet cannot sign transactions')
        return wallet
          .signTransaction(VersionedTransaction.deserialize(bytes))
          .then((signed) => signed.serialize())
          .catch((error: unknown) => Promise.reject(unwrapWalletError(error)))
      },
    })
  }, [wallet, address, name, setBridge])

  useEffect(() => () => setBridge(null), [setBridge])
  return null
}

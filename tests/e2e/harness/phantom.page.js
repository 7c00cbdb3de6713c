/* global window, atob, btoa, TextEncoder */
// The in-page half of the test double for the Phantom extension (injected with context.addInitScript). It
// exposes what @solana/wallet-adapter-phantom detects and calls; every key operation goes to the Node half
// through the `__phantomBridge` binding, which holds the secret key and signs with real Ed25519.
;(() => {
  const bridge = (op, payload) => window.__phantomBridge(op, payload)
  const toBase64 = (bytes) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))
  const fromBase64 = (text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

  // A stand-in for web3.js PublicKey: the adapter only needs toBytes(); apps print it with toBase58/toString.
  const publicKeyOf = ({ base58, bytes }) => ({
    toBytes: () => fromBase64(bytes),
    toBase58: () => base58,
    toString: () => base58,
    toJSON: () => base58,
    equals: (other) => other != null && other.toBase58() === base58,
  })

  const listeners = new Map()
  const on = (event, listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener])
  const off = (event, listener) =>
    listeners.set(
      event,
      (listeners.get(event) ?? []).filter((known) => known !== listener),
    )
  const emit = (event, ...args) => (listeners.get(event) ?? []).forEach((listener) => listener(...args))

  const me = () => {
    if (!provider.publicKey) throw new Error('Phantom not connected.')
    return provider.publicKey.toBase58()
  }
  const sign = async (bytes) => fromBase64(await bridge('sign', toBase64(bytes)))

  // Signs the serialized message of a legacy Transaction or a VersionedTransaction and stores the signature.
  const signInPlace = async (tx) => {
    const signer = me()
    if ('version' in tx) {
      const index = tx.message.staticAccountKeys.findIndex((key) => key.toBase58() === signer)
      if (index < 0 || index >= tx.message.header.numRequiredSignatures) throw new Error('Not a signer')
      tx.signatures[index] = await sign(tx.message.serialize())
      return tx
    }
    const message = tx.serializeMessage()
    const slot = tx.signatures.find((pair) => pair.publicKey.toBase58() === signer)
    if (!slot) throw new Error('Not a signer')
    tx.addSignature(slot.publicKey, await sign(message))
    return tx
  }

  const provider = {
    isPhantom: true,
    publicKey: null,
    isConnected: false,
    on,
    off,
    emit,
    async connect(options) {
      const account = await bridge('connect', { onlyIfTrusted: Boolean(options?.onlyIfTrusted) })
      provider.publicKey = publicKeyOf(account)
      provider.isConnected = true
      emit('connect', provider.publicKey)
      return { publicKey: provider.publicKey }
    },
    async disconnect() {
      await bridge('disconnect')
      provider.publicKey = null
      provider.isConnected = false
      emit('disconnect')
    },
    // `_display` ('utf8' or 'hex') only changes how Phantom shows the message to its user.
    async signMessage(message, _display) {
      me()
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      return { signature: await sign(bytes), publicKey: provider.publicKey }
    },
    signTransaction: (tx) => signInPlace(tx),
    async signAllTransactions(transactions) {
      for (const tx of transactions) await signInPlace(tx)
      return transactions
    },
    async signAndSendTransaction(tx, options) {
      await signInPlace(tx)
      const signature = await bridge('send', {
        transaction: toBase64(tx.serialize()),
        options: options ?? {},
      })
      return { signature, publicKey: me() }
    },
  }

  // Called by the Node half when the test switches the wallet's account.
  window.__phantomAccountChanged = (account) => {
    if (!provider.isConnected) return
    provider.publicKey = publicKeyOf(account)
    emit('accountChanged', provider.publicKey)
  }
  window.phantom = { solana: provider }
  window.solana = provider
  window.isPhantomInstalled = true
})()

import { Keypair } from '@solana/web3.js'
import bs58 from 'bs58'
import { SANDBOX_SECRET_KEY } from './constants'

/** The sandbox keypair stored on this device, if one was created before. */
export function loadSandboxKeypair(): Keypair | null {
  const stored = localStorage.getItem(SANDBOX_SECRET_KEY)
  if (!stored) return null
  try {
    return Keypair.fromSecretKey(bs58.decode(stored))
  } catch {
    return null
  }
}

/** Loads the stored keypair or creates and stores a new one. */
export function loadOrCreateSandboxKeypair(): { keypair: Keypair; created: boolean } {
  const existing = loadSandboxKeypair()
  if (existing) return { keypair: existing, created: false }
  const keypair = Keypair.generate()
  localStorage.setItem(SANDBOX_SECRET_KEY, bs58.encode(keypair.secretKey))
  return { keypair, created: true }
}

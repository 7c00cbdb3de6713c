// Secrets that must survive restarts but may be left unset on a fresh machine: generated once, kept under DATA_DIR.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import webpush from 'web-push'
import type { VapidKeys } from './push'

/** 'disk' persists generated secrets under DATA_DIR; 'memory' generates throwaway ones (tests). */
export type SecretsMode = 'disk' | 'memory'

export interface SecretsInput {
  dataDir: string
  jwtSecret: string | undefined
  platformWallet: string | undefined
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when both are set (and checked) */
  vapidKeys: VapidKeys | undefined
}

export interface Secrets {
  jwtSecret: Uint8Array
  platformWallet: string
  vapidKeys: VapidKeys
}

export function loadSecrets(input: SecretsInput, mode: SecretsMode): Secrets {
  const jwtSecret = input.jwtSecret
    ? new TextEncoder().encode(input.jwtSecret)
    : mode === 'memory'
      ? randomBytes(32)
      : Buffer.from(
          readOrCreate(path.join(input.dataDir, 'jwt-secret'), () => randomBytes(32).toString('hex')),
          'hex',
        )
  const platformWallet = input.platformWallet ?? localPlatformWallet(input.dataDir, mode)
  const vapidKeys =
    input.vapidKeys ??
    (mode === 'memory'
      ? webpush.generateVAPIDKeys()
      : (JSON.parse(
          readOrCreate(path.join(input.dataDir, 'vapid-keys.json'), () =>
            JSON.stringify(webpush.generateVAPIDKeys()),
          ),
        ) as VapidKeys))
  return { jwtSecret, platformWallet, vapidKeys }
}

/** The platform wallet in local mode: a keypair generated once, stored like `solana-keygen` does (JSON byte array). */
function localPlatformWallet(dataDir: string, mode: SecretsMode): string {
  if (mode === 'memory') return bs58.encode(nacl.sign.keyPair().publicKey)
  const file = path.join(dataDir, 'platform-wallet.json')
  const stored = readOrCreate(file, () => JSON.stringify(Array.from(nacl.sign.keyPair().secretKey)))
  const secretKey = Uint8Array.from(JSON.parse(stored) as number[])
  return bs58.encode(nacl.sign.keyPair.fromSecretKey(secretKey).publicKey)
}

function readOrCreate(file: string, create: () => string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  try {
    fs.writeFileSync(file, create(), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return fs.readFileSync(file, 'utf8').trim()
}

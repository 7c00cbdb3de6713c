// Accounts: registration and login by wallet signature, the signed-in user's profile.
import type { KycStatus, LoginRequest, Me, RegisterRequest, TokenPair } from '../../../api-contract/users'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors'
import type { SessionsService } from './sessions.service'
import type { SignInService } from './sign-in.service'
import { walletKey } from './sign-in.service'
import { adoptWalletDonations } from '../donations/donations.service'
import * as users from './users.repository'

export interface UsersDeps {
  config: Pick<Config, 'adminWallets'>
  db: Db
  signIn: SignInService
  sessions: SessionsService
  /** The KYC module's status of a user (wired in server/app.ts: users never imports kyc, kyc reads users). */
  kycStatusOf: (db: Db, userId: number) => Promise<KycStatus>
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const alreadyRegistered = () => conflict('wallet_already_registered', 'Wallet already registered.')

/** The registered user of a wallet, or null: donations from other wallets are public donations without a user. */
export async function userIdOfWallet(db: Db, walletAddress: string): Promise<number | null> {
  return (await users.findUserByWallet(db, walletAddress))?.id ?? null
}

export function usersService({ config, db, signIn, sessions, kycStatusOf }: UsersDeps) {
  return {
    async checkWallet(walletAddress: string): Promise<boolean> {
      walletKey(walletAddress)
      return (await users.findUserByWallet(db, walletAddress)) !== undefined
    },

    /** A registered wallet's valid signature consumes the nonce; an unregistered one keeps it for register. */
    async login(request: LoginRequest): Promise<TokenPair> {
      const nonce = await signIn.verify(request)
      const user = await users.findUserByWallet(db, request.wallet_address)
      if (!user) throw new AppError('wallet_not_registered', 'Wallet not registered', 404)
      await signIn.consume(db, nonce)
      return sessions.start(user)
    },

    async register(request: RegisterRequest): Promise<TokenPair> {
      const email = request.email.trim()
      if (!EMAIL.test(email)) throw badRequest('invalid_email', 'Please enter a valid email.')
      const nonce = await signIn.verify(request)
      if (await users.findUserByWallet(db, request.wallet_address)) throw alreadyRegistered()
      const user = await db.transaction(async (tx) => {
        await signIn.consume(tx, nonce)
        const created = await users.insertUser(tx, request.wallet_address, email)
        if (!created) throw alreadyRegistered()
        // Donations this wallet made before it had an account (a blink, a Solana Pay QR) become its history.
        await adoptWalletDonations(tx, created.id, created.walletAddress)
        return created
      })
      // After the transaction: on PGlite a query through `db` inside it would wait for it forever.
      return sessions.start(user)
    },

    async me(userId: number): Promise<Me> {
      const user = await users.findUserById(db, userId)
      if (!user) throw unauthorized('invalid_token', 'This account no longer exists.')
      return {
        id: user.id,
        wallet_address: user.walletAddress,
        email: user.email,
        is_admin: user.role === 'admin' || config.adminWallets.has(user.walletAddress),
        kyc: { status: await kycStatusOf(db, user.id) },
        created_at: user.createdAt.toISOString(),
      }
    },
  }
}

import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  decodeTransferChecked,
  TOKEN_PROGRAM_ID,
  usdcGiftInstructions,
} from './usdc-gift'

const key = () => Keypair.generate().publicKey
const gift = {
  donor: key(),
  recipient: key(),
  platform: key(),
  mint: key(),
  decimals: 6,
  amount: 5_000_000n,
  tip: 250_000n,
}

describe('the USDC gift the Action and the PWA build', () => {
  it('opens the recipient account, tips, then donates, each from the donor’s own account', () => {
    const [open, tip, donation] = usdcGiftInstructions({ ...gift, openRecipientAccount: true })
    const recipientAccount = associatedTokenAddress(gift.recipient, gift.mint)
    expect(open!.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true)
    expect([...open!.data]).toEqual([1])
    expect(open!.keys.map((k) => k.pubkey.toBase58())).toEqual(
      [
        gift.donor,
        recipientAccount,
        gift.recipient,
        gift.mint,
        SystemProgram.programId,
        TOKEN_PROGRAM_ID,
      ].map((k) => k.toBase58()),
    )
    expect(open!.keys[0]).toMatchObject({ isSigner: true, isWritable: true })

    const donorAccount = associatedTokenAddress(gift.donor, gift.mint)
    for (const [ix, to, amount] of [
      [tip!, gift.platform, gift.tip],
      [donation!, gift.recipient, gift.amount],
    ] as const) {
      expect(ix.programId.equals(TOKEN_PROGRAM_ID)).toBe(true)
      expect(decodeTransferChecked(ix.data)).toEqual({ amount, decimals: 6 })
      expect(ix.keys.slice(0, 4).map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual([
        [donorAccount.toBase58(), false, true],
        [gift.mint.toBase58(), false, false],
        [associatedTokenAddress(to, gift.mint).toBase58(), false, true],
        [gift.donor.toBase58(), true, false],
      ])
    }
  })

  it('writes TransferChecked as the Token program reads it: 12, amount little-endian, decimals', () => {
    const [donation] = usdcGiftInstructions({
      ...gift,
      tip: 0n,
      amount: 0x0102030405n,
      openRecipientAccount: false,
    })
    expect([...donation!.data]).toEqual([12, 5, 4, 3, 2, 1, 0, 0, 0, 6])
  })

  it('leaves out what is not asked for, and carries the references on the donation alone', () => {
    const reference = key()
    const instructions = usdcGiftInstructions({
      ...gift,
      tip: 0n,
      openRecipientAccount: false,
      references: [reference],
    })
    expect(instructions).toHaveLength(1)
    expect(instructions[0]!.keys.at(-1)).toEqual({ pubkey: reference, isSigner: false, isWritable: false })
  })

  it('derives a different account per owner and per mint, off the curve', () => {
    const a = associatedTokenAddress(gift.donor, gift.mint)
    expect(a.equals(associatedTokenAddress(gift.recipient, gift.mint))).toBe(false)
    expect(a.equals(associatedTokenAddress(gift.donor, key()))).toBe(false)
    expect(PublicKey.isOnCurve(a.toBytes())).toBe(false)
  })

  it('reads no transfer from other data', () => {
    expect(decodeTransferChecked(Uint8Array.from([3, 1, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined()
    expect(decodeTransferChecked(Uint8Array.from([12, 1, 0, 0]))).toBeUndefined()
  })
})

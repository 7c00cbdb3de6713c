import { Keypair, PublicKey, type ParsedInstruction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './token-accounts'
import {
  associatedTokenAccount,
  createAssociatedIdempotent,
  mintToChecked,
  transferChecked,
} from './token-faucet'
import { confirm, createMint, sendInstructions, startTestLedger, type TestLedger } from './test-kit'

let t: TestLedger
beforeAll(async () => {
  t = await startTestLedger()
})
afterAll(() => t.close())

const token2022 = new PublicKey(TOKEN_2022_PROGRAM)

describe('SPL tokens on the local ledger', () => {
  it('runs the Token and Associated Token Account programs: a mint, two accounts, a mint-to and a transfer', async () => {
    const authority = await t.funded(2)
    const recipient = Keypair.generate().publicKey
    const mint = await createMint(t.connection, authority, 6)
    const from = associatedTokenAccount(authority.publicKey, mint)
    const to = associatedTokenAccount(recipient, mint)
    await sendInstructions(
      t.connection,
      [authority],
      [
        createAssociatedIdempotent(authority.publicKey, authority.publicKey, mint),
        // twice: the second is a no-op, as createIdempotent promises
        createAssociatedIdempotent(authority.publicKey, authority.publicKey, mint),
        mintToChecked(mint, from, authority.publicKey, 10_000_000n, 6),
      ],
    )
    const signature = await sendInstructions(
      t.connection,
      [authority],
      [
        createAssociatedIdempotent(authority.publicKey, recipient, mint),
        transferChecked({ source: from, mint, destination: to, owner: authority.publicKey }, 2_500_000n, 6),
      ],
    )

    expect((await t.connection.getTokenAccountBalance(to)).value).toEqual({
      amount: '2500000',
      decimals: 6,
      uiAmount: 2.5,
      uiAmountString: '2.5',
    })
    expect((await t.connection.getTokenAccountBalance(from)).value.uiAmountString).toBe('7.5')

    const parsed = await t.connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    const keys = parsed!.transaction.message.accountKeys.map((k) => k.pubkey.toBase58())
    // `to` did not exist before the transaction: it is only among the post balances
    expect(parsed!.meta!.preTokenBalances!.map((b) => keys[b.accountIndex])).toEqual([from.toBase58()])
    const post = parsed!.meta!.postTokenBalances!
    expect(post.find((b) => keys[b.accountIndex] === to.toBase58())).toMatchObject({
      mint: mint.toBase58(),
      owner: recipient.toBase58(),
      programId: TOKEN_PROGRAM,
      uiTokenAmount: { amount: '2500000', decimals: 6 },
    })
    const [create, transfer] = parsed!.transaction.message.instructions as ParsedInstruction[]
    expect(create).toMatchObject({
      program: 'spl-associated-token-account',
      parsed: { type: 'createIdempotent', info: { wallet: recipient.toBase58(), mint: mint.toBase58() } },
    })
    expect(transfer).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'transferChecked',
        info: {
          source: from.toBase58(),
          destination: to.toBase58(),
          authority: authority.publicKey.toBase58(),
          mint: mint.toBase58(),
          tokenAmount: { amount: '2500000', decimals: 6, uiAmountString: '2.5' },
        },
      },
    })
    // the ATA program's own calls into the Token program are inner instructions
    expect(parsed!.meta!.innerInstructions!.length).toBeGreaterThan(0)
  })

  it('answers the token reads a wallet makes: parsed accounts and mints, accounts by owner, supply', async () => {
    const authority = await t.funded(2)
    const mint = await createMint(t.connection, authority, 6)
    const account = associatedTokenAccount(authority.publicKey, mint)
    await sendInstructions(
      t.connection,
      [authority],
      [
        createAssociatedIdempotent(authority.publicKey, authority.publicKey, mint),
        mintToChecked(mint, account, authority.publicKey, 1_000_000n, 6),
      ],
    )
    const info = await t.connection.getParsedAccountInfo(account)
    expect(info.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: { mint: mint.toBase58(), owner: authority.publicKey.toBase58(), state: 'initialized' },
      },
      space: 165,
    })
    const mintInfo = await t.connection.getParsedAccountInfo(mint)
    expect(mintInfo.value?.data).toMatchObject({
      parsed: {
        type: 'mint',
        info: { decimals: 6, supply: '1000000', mintAuthority: authority.publicKey.toBase58() },
      },
    })
    const owned = await t.connection.getParsedTokenAccountsByOwner(authority.publicKey, { mint })
    expect(owned.value.map((a) => a.pubkey.toBase58())).toEqual([account.toBase58()])
    const byProgram = await t.connection.getTokenAccountsByOwner(authority.publicKey, {
      programId: new PublicKey(TOKEN_PROGRAM),
    })
    expect(byProgram.value.map((a) => a.pubkey.toBase58())).toEqual([account.toBase58()])
    expect((await t.connection.getTokenSupply(mint)).value.uiAmountString).toBe('1')
    await expect(t.connection.getTokenAccountBalance(mint)).rejects.toThrow('not a Token account')
  })

  it('runs Token-2022 too, and names its accounts apart in the token balances', async () => {
    const authority = await t.funded(2)
    const mint = await createMint(t.connection, authority, 6, token2022)
    const account = associatedTokenAccount(authority.publicKey, mint, token2022)
    const signature = await sendInstructions(
      t.connection,
      [authority],
      [
        createAssociatedIdempotent(authority.publicKey, authority.publicKey, mint, token2022),
        mintToChecked(mint, account, authority.publicKey, 3_000_000n, 6, token2022),
      ],
    )
    const parsed = await t.connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(parsed!.meta!.postTokenBalances).toEqual([
      expect.objectContaining({ mint: mint.toBase58(), programId: TOKEN_2022_PROGRAM }),
    ])
    expect((await t.connection.getTokenAccountBalance(account)).value.uiAmountString).toBe('3')
  })

  it('mints its test USDC through requestTokenAirdrop, opening the account when missing', async () => {
    const owner = Keypair.generate().publicKey
    const mint = new PublicKey(t.ledger.usdcMint)
    const call = (amount: number) =>
      fetch(t.ledger.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'requestTokenAirdrop',
          params: [owner.toBase58(), amount],
        }),
      }).then((r) => r.json() as Promise<{ result?: string; error?: { message: string } }>)
    const first = await call(20_000_000)
    await confirm(t.connection, first.result!)
    await confirm(t.connection, (await call(5_000_000)).result!)
    const balance = await t.connection.getTokenAccountBalance(associatedTokenAccount(owner, mint))
    expect(balance.value).toMatchObject({ amount: '25000000', decimals: 6 })
    expect((await call(10_000_000_001)).error?.message).toMatch('token airdrop request too large')
  })
})

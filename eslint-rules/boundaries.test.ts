// Each boundary rule, proven by a fixture that breaks it (linted with the repository's own ESLint config, as
// `npm run lint` does) and one that keeps it.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname })

/** The boundary messages ESLint reports for `code` placed at `filePath` (a fixture: the file need not exist). */
async function crossings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'house/boundaries').map((m) => m.message)
}

describe('import boundaries (eslint-rules/boundaries.js)', () => {
  it('the PWA does not import the server, and the server does not import the PWA', async () => {
    expect(await crossings('src/lib/fixture.ts', "export { x } from '../../server/lib/errors'\n")).toEqual([
      'src/ never imports server/',
    ])
    expect(await crossings('server/lib/fixture.ts', "export { x } from '../../src/lib/sol'\n")).toEqual([
      'server/ never imports src/',
    ])
  })

  it('a feature does not import another feature, but may import its own sub-folders and shared rooms', async () => {
    expect(
      await crossings(
        'src/features/chat/Fixture.tsx',
        "export { DonationForm } from '../donations/DonationForm'\n",
      ),
    ).toEqual([
      "feature 'chat' imports feature 'donations': move what they share to components/, lib/ or state/",
    ])
    expect(
      await crossings(
        'src/features/airdrops/invest/Fixture.tsx',
        "export { campaignFormData } from '../campaign-form'\nexport { Modal } from '../../../components/Modal'\n",
      ),
    ).toEqual([])
  })

  it("a server module's service does not import another module's repository (its row types it may)", async () => {
    expect(
      await crossings(
        'server/modules/donations/fixture.service.ts',
        "export { findPaymentByTxHash } from '../payments/payments.repository'\n",
      ),
    ).toEqual(['the donations service imports the payments repository: go through the payments service'])
    expect(
      await crossings(
        'server/modules/donations/fixture.service.ts',
        "export type { EmergencyCard } from '../emergencies/emergency-card.repository'\n" +
          "export { acceptPayment } from '../payments/payments.service'\n",
      ),
    ).toEqual([])
  })

  it('the local ledger imports nothing of ours', async () => {
    expect(
      await crossings('ledger-sim/fixture.ts', "export { ErrorBody } from '../api-contract/errors'\n"),
    ).toEqual(['ledger-sim imports nothing of ours: it stands for a real Solana node'])
    expect(await crossings('ledger-sim/fixture.ts', "export { Keypair } from '@solana/web3.js'\n")).toEqual(
      [],
    )
  })
})

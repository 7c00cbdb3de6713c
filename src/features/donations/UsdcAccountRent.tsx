// The SOL a USDC gift costs beyond the network fee when the campaign's wallet has no USDC account yet: the gift
// opens it, and the donor's wallet pays its rent (about 0.002 SOL). Shown before the donor signs.
import { formatSol } from '../../lib/sol'
import styles from './DonationForm.module.css'

export const rentText = (lamports: bigint) =>
  `This campaign has no USDC account yet. Your gift opens it: your wallet also pays ${formatSol(lamports, 2, 5)} SOL of rent, once.`

export function UsdcAccountRent({ lamports }: { lamports: bigint }) {
  return (
    <p className={styles.rent} data-testid="usdc-account-rent">
      {rentText(lamports)}
    </p>
  )
}

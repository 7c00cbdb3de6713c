// /investor/kyc: the investor's KYC form; an earlier live submission leads to the dashboard.
import { KycScreen } from './KycScreen'

export default function InvestorKycPage() {
  return (
    <KycScreen
      eyebrow="Investor KYC"
      title="Verify your identity to invest"
      intro="Only KYC-approved investors can express interest in a campaign."
      doneTo="/investor/dashboard"
    />
  )
}

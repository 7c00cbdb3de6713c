// /airdrop/kyc: the project owner's KYC form.
import { KycScreen } from './KycScreen'

export default function KycPage() {
  return (
    <KycScreen
      eyebrow="Project owner KYC"
      title="Verify your identity"
      intro="An admin reviews your details before you can list a campaign."
      doneTo="/airdrop/start"
    />
  )
}

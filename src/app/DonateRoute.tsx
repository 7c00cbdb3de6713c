// /donate/:id: the emergencies feature's page with the donations feature's form and live list, and the share
// feature's Share button and phone QR panel, in its slots. One module the route loads lazily, so the page's code
// comes as one chunk (scripts/first-screen-chunks.ts groups what it imports), not five.
import { DonationPanel } from '../features/donations/DonationPanel'
import { EmergencyDonations } from '../features/donations/EmergencyDonations'
import { DonatePage } from '../features/emergencies/DonatePage'
import { PhoneDonateSlot } from '../features/share/PhoneDonateSlot'
import { ShareButton } from '../features/share/ShareButton'

export default function DonateRoute() {
  return (
    <DonatePage
      DonateForm={DonationPanel}
      Donations={EmergencyDonations}
      Share={ShareButton}
      PhoneDonate={PhoneDonateSlot}
    />
  )
}

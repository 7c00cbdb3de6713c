// /donate/:id: the emergencies feature's page with the donations feature's form and live list, and the share
// feature's Share button and phone QR panel, in its slots (features never import each other).
import { useLoaderData, useParams } from 'react-router-dom'
import { DonationPanel } from '../../features/donations/DonationPanel'
import { EmergencyDonations } from '../../features/donations/EmergencyDonations'
import { DonatePage } from '../../features/emergencies/DonatePage'
import { PhoneDonateSlot } from '../../features/share/PhoneDonateSlot'
import { ShareButton } from '../../features/share/ShareButton'
import type { Emergency } from '../../lib/emergencies.api'
import type { DonateData } from './donate.loader'

/** The form, and after a donation its thank-you with the share feature's Share button. */
function DonateForm({ emergency }: { emergency: Emergency }) {
  return <DonationPanel emergency={emergency} thankYou={{ Share: ShareButton }} />
}

export default function DonateRoute() {
  const { emergency, donations } = useLoaderData<DonateData>()
  const { id = '' } = useParams()
  return (
    <DonatePage
      id={id}
      emergency={emergency}
      donations={donations}
      DonateForm={DonateForm}
      Donations={EmergencyDonations}
      Share={ShareButton}
      PhoneDonate={PhoneDonateSlot}
    />
  )
}

// /donate/:id: the emergencies feature's page with the donations feature's form and live list, the recovery of a
// donation the page does not show, and the share feature's Share button and phone QR panel, in its slots (features
// never import each other).
import { useLoaderData, useParams } from 'react-router-dom'
import { ReceiptLink } from '../../components/ReceiptLink'
import { RecoverDonation, RECOVER_TEXT } from '../../components/RecoverDonation'
import { DonationPanel } from '../../features/donations/DonationPanel'
import { EmergencyDonations } from '../../features/donations/EmergencyDonations'
import { DonatePage } from '../../features/emergencies/DonatePage'
import { PhoneDonateSlot } from '../../features/share/PhoneDonateSlot'
import { ShareButton } from '../../features/share/ShareButton'
import type { Emergency } from '../../lib/emergencies.api'
import { NotifyMeButton } from '../../notifications/NotifyMeButton'
import type { DonateData } from './donate.loader'

/** "Notify me of updates" on the emergency just given to. */
function NotifyMe({ emergency }: { emergency: Emergency }) {
  return <NotifyMeButton emergencyId={emergency.id} />
}

const THANK_YOU = { Share: ShareButton, Notify: NotifyMe, Receipt: ReceiptLink }

/** The form with, after a donation, its thank-you (share, "Notify me of updates", the receipt's link), and under it
 * "Donated but don't see it?" (the live list shows a recovered donation at once). */
function DonateForm({ emergency }: { emergency: Emergency }) {
  return (
    <>
      <DonationPanel emergency={emergency} thankYou={THANK_YOU} />
      <RecoverDonation emergencyId={emergency.id} title={RECOVER_TEXT.onDonatePage} />
    </>
  )
}

export default function DonateRoute() {
  const { emergency, donations, updates } = useLoaderData<DonateData>()
  const { id = '' } = useParams()
  return (
    <DonatePage
      id={id}
      emergency={emergency}
      donations={donations}
      updates={updates}
      DonateForm={DonateForm}
      Donations={EmergencyDonations}
      Share={ShareButton}
      PhoneDonate={PhoneDonateSlot}
    />
  )
}

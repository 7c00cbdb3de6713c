// Receipts, CSV exports and recovering a donation by its signature (issue 31; server/modules/emergencies/README.md).
import type { RecoverRequest } from '../../api-contract/donations'
import type { DownloadLink, Receipt } from '../../api-contract/receipts'
import type { ApiClient } from './api-client'
import type { Donation } from './donations.api'
import type { ShownDonation } from './verify-donation'

export type { Receipt }

/** What a receipt shows, as "Verify" checks it against the ledger. */
export const shownOfReceipt = (receipt: Receipt): ShownDonation => ({
  signature: receipt.tx_hash,
  donorWallet: receipt.donor_wallet,
  receivingWallet: receipt.emergency.receiving_wallet,
  currency: receipt.currency,
  amount: receipt.amount,
  tipAmount: receipt.tip_amount,
  slot: receipt.slot,
})

/** What a feed card shows, with the receiving wallet its receipt names (a card does not show it). */
export const shownOfDonation = async (api: ApiClient, donation: Donation): Promise<ShownDonation> => ({
  signature: donation.tx_hash,
  donorWallet: donation.donor_wallet,
  receivingWallet: (await fetchReceipt(api, donation.tx_hash)).emergency.receiving_wallet,
  currency: donation.currency,
  amount: donation.amount,
  tipAmount: donation.tip_amount,
})

/** The receipt page of a donation. */
export const receiptPath = (txHash: string) => `/receipt/${txHash}`

export const fetchReceipt = (api: ApiClient, txHash: string, signal?: AbortSignal) =>
  api.get<Receipt>(`receipts/${encodeURIComponent(txHash)}/`, { signal })

/** 201: the donation now counted; 409 (`donation_already_recorded`): it was already; 422: the verifier's reason. */
export const recoverDonation = (authApi: ApiClient, body: RecoverRequest) =>
  authApi.post<Donation>('emergency/donate/recover/', body)

/** The signed-in donor's donations as CSV. */
export const MY_DONATIONS_CSV = '/api/emergency/my-donations.csv'
/** Every donation to one emergency as CSV (its owner or an admin). */
export const emergencyDonationsCsv = (id: number) => `/api/emergency/${id}/donations.csv`

/** A link to `path` that a browser can follow without the Authorization header (good for a minute). */
export const downloadLink = (authApi: ApiClient, path: string) =>
  authApi.post<DownloadLink>('download-links/', { path })

// /public's first-screen read: the first page of the unsearched feed (a search is typed on the page itself).
import type { LoaderFunctionArgs } from 'react-router-dom'
import { listPublicDonations } from '../../lib/donations.api'
import { reader } from '../../lib/public-read'

export const loader = ({ context }: LoaderFunctionArgs) => ({
  feed: reader(context)((api) => listPublicDonations(api, { page: 1 })),
})

export type PublicFeedData = ReturnType<typeof loader>

// /featured's first-screen read: the page of featured emergencies that ?page= asks for.
import type { LoaderFunctionArgs } from 'react-router-dom'
import { listFeatured } from '../../lib/emergencies.api'
import { reader, type Settled } from '../../lib/public-read'
import type { HeadOf } from '../../first-screen/page-head'
import { firstCardHead } from './list-head'
import { pageParam } from '../../lib/use-load'

export const loader = ({ context, request }: LoaderFunctionArgs) => ({
  featured: reader(context)((api) => listFeatured(api, pageParam(new URL(request.url).searchParams))),
})

export type FeaturedData = ReturnType<typeof loader>

export const head: HeadOf<Settled<FeaturedData>> = ({ featured }) => firstCardHead(featured)

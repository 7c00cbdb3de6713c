// /explore's first-screen reads: Featured (not while searching: the page hides it) and the page of All Emergencies
// that the URL's ?q= and ?page= ask for. Typing a search or turning a page changes the URL, which runs this loader
// again.
import type { LoaderFunctionArgs } from 'react-router-dom'
import { listEmergencies, listFeatured } from '../../lib/emergencies.api'
import { reader, type Settled } from '../../lib/public-read'
import type { HeadOf } from '../../first-screen/page-head'
import { firstCardHead } from './list-head'
import { pageParam } from '../../lib/use-load'

export const loader = ({ context, request }: LoaderFunctionArgs) => {
  const read = reader(context)
  const search = new URL(request.url).searchParams
  const query = search.get('q')?.trim() ?? ''
  return {
    featured: query ? undefined : read((api) => listFeatured(api, 1)),
    list: read((api) => listEmergencies(api, pageParam(search), query)),
  }
}

export type ExploreData = ReturnType<typeof loader>

/** The first card's image preloaded: Featured's first, or All Emergencies' when nothing is featured or searching. */
export const head: HeadOf<Settled<ExploreData>> = ({ featured, list }) =>
  firstCardHead(...(featured ? [featured, list] : [list]))

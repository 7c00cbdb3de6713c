// The home page's first-screen read: the featured emergencies it shows (src/first-screen/public-pages.ts).
import type { LoaderFunctionArgs } from 'react-router-dom'
import { listFeatured } from '../../lib/emergencies.api'
import { reader } from '../../lib/public-read'

export const loader = ({ context }: LoaderFunctionArgs) => ({
  featured: reader(context)((api) => listFeatured(api, 1)),
})

export type HomeData = ReturnType<typeof loader>

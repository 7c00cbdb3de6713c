// /donate/:id for the donate page's tests: the route's own loader, the page with `DonateForm` in its form slot and
// nothing in the others.
import type { ComponentType } from 'react'
import { useLoaderData, useParams, type RouteObject } from 'react-router-dom'
import { loader, type DonateData } from '../../app/donate/donate.loader'
import type { Emergency } from '../../lib/emergencies.api'
import { DonatePage } from './DonatePage'

const Nothing = () => null

export function donateRoute(DonateForm: ComponentType<{ emergency: Emergency }> = Nothing): RouteObject {
  function Route() {
    const { emergency, donations, updates } = useLoaderData<DonateData>()
    return (
      <DonatePage
        id={useParams().id ?? ''}
        emergency={emergency}
        donations={donations}
        updates={updates}
        DonateForm={DonateForm}
        Donations={Nothing}
      />
    )
  }
  return { path: '/donate/:id', element: <Route />, loader }
}

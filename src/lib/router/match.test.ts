import { describe, expect, it } from 'vitest'
import { flatten, matchBranch } from './match'
import type { RouteObject } from './types'

const named = (name: string, route: RouteObject = {}): RouteObject => ({ ...route, element: name })

const tree: RouteObject[] = [
  named('layout', {
    children: [
      named('home', { index: true }),
      named('not found', { path: '*' }),
      named('donate', { path: 'donate/:id' }),
      named('explore', { path: 'explore' }),
      named('guard', {
        children: [
          named('admin', {
            path: 'admin',
            children: [named('admin home', { index: true }), named('flagged', { path: 'flagged' })],
          }),
        ],
      }),
      named('new campaign', { path: 'airdrop/create' }),
      named('campaign payment', { path: 'airdrop/:campaign' }),
    ],
  }),
]

const pageAt = (pathname: string) => {
  const match = matchBranch(flatten(tree), pathname)
  return match && { page: match.routes.at(-1)!.element, params: match.params, depth: match.routes.length }
}

describe('which page a path selects', () => {
  it('is the index route on its parent path, inside the layout', () => {
    expect(pageAt('/')).toEqual({ page: 'home', params: {}, depth: 2 })
  })

  it('takes a parameter from its segment, decoded', () => {
    expect(pageAt('/donate/42')?.params).toEqual({ id: '42' })
    expect(pageAt('/donate/a%20b')?.params).toEqual({ id: 'a b' })
  })

  it('prefers a static segment to a parameter, whatever the order of definition', () => {
    expect(pageAt('/airdrop/create')?.page).toBe('new campaign')
    expect(pageAt('/airdrop/7')).toMatchObject({ page: 'campaign payment', params: { campaign: '7' } })
  })

  it('goes through layouts without a path, and nested paths add up', () => {
    expect(pageAt('/admin')).toMatchObject({ page: 'admin home', depth: 4 })
    expect(pageAt('/admin/flagged')).toMatchObject({ page: 'flagged', depth: 4 })
  })

  it('falls to the splat only when nothing else matches, with the rest of the path', () => {
    expect(pageAt('/explore')?.page).toBe('explore')
    expect(pageAt('/explore/more')).toMatchObject({ page: 'not found', params: { '*': 'explore/more' } })
    expect(pageAt('/donate')?.page).toBe('not found')
  })

  it('ignores case and a trailing slash, as React Router did', () => {
    expect(pageAt('/Explore/')?.page).toBe('explore')
  })

  it('matches nothing without a splat route', () => {
    expect(matchBranch(flatten([named('only', { path: 'only' })]), '/other')).toBeUndefined()
  })
})

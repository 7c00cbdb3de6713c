// `?redirect=` after sign-in leads only to a path on this site (issue 11 finding 9: '/\evil.example' was accepted,
// and browsers read it as '//evil.example').
import { describe, expect, it } from 'vitest'
import { sameOriginPath } from './redirect'

describe('sameOriginPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/donate/12?amount=0.5#form', '/donate/12?amount=0.5#form'],
    ['/explore/../admin', '/admin'],
    ['/airdrop/view/3', '/airdrop/view/3'],
  ])('keeps the same-origin path %s', (raw, path) => {
    expect(sameOriginPath(raw)).toBe(path)
  })

  it.each([
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['https://evil.example/'],
    ['http:evil.example'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/foo\\bar'],
    [''],
    [null],
  ])('refuses %j', (raw) => {
    expect(sameOriginPath(raw)).toBeNull()
  })
})

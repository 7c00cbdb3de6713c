import { describe, expect, test } from 'vitest'
import { noticeOf, pageOf } from './push-notice'

describe('what a push shows', () => {
  test("shows the server's notice as it was sent", () => {
    const sent = {
      title: 'New donation to Clinic roof',
      body: "0.5 SOL from 7xKX…3fQa: 'Get well soon'",
      url: '/dashboard',
      tag: 'donation-12',
    }
    expect(noticeOf(JSON.stringify(sent))).toEqual(sent)
  })

  test('shows a notice of the app for a push it cannot read, so no push goes unseen', () => {
    const appNotice = { title: 'Lifeline', body: 'Something new on Lifeline.', url: '/', tag: 'lifeline' }
    expect(noticeOf(null)).toEqual(appNotice)
    expect(noticeOf('not json')).toEqual(appNotice)
    expect(noticeOf('[1, 2]')).toEqual(appNotice)
    expect(noticeOf(JSON.stringify({ title: '  ', body: 7 }))).toEqual(appNotice)
  })

  test('a tap opens only a page of ours', () => {
    expect(pageOf('/donate/4')).toBe('/donate/4')
    expect(pageOf('https://evil.example/')).toBe('/')
    expect(pageOf('//evil.example/donate/4')).toBe('/')
    expect(pageOf(undefined)).toBe('/')
    expect(noticeOf(JSON.stringify({ title: 'Update', body: 'x', url: 'javascript:alert(1)' })).url).toBe('/')
  })
})

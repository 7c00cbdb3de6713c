// Campaign updates and web push (issue 30) in Chromium against the real server and a push service on loopback that
// decrypts what it receives (web-push-testing): a donor on an Android phone taps "Notify me of updates", the
// campaigner posts an update with a photo from an iPhone, the push service receives the donor's notice, and the
// donor's service worker shows it; a tap on it opens the emergency's page. In iPhone Safari, "Notify me" says that
// notifications need the app on the home screen.
import { beforeAll, afterAll, describe, expect, test } from 'vitest'
import { registerApiUser, signedInAs, type ApiUser } from './harness/api-user'
import { desktop, phoneWith, USER_AGENTS } from './harness/browser'
import { activeServiceWorker } from './harness/pwa'
import { deliverPush, pushThrough, receivedPush, shownNotifications, tapNotification } from './harness/push'
import { useApp, useSession } from './harness/session'
import { appTookOver, atPath, seeText } from './harness/ui'
import { createEmergencyAs, png, type CreatedEmergency } from './emergencies-fixtures'
import type { BrowserSubscription, TestPushService } from '../helpers/push-service'
import { startPushService } from '../helpers/push-service'

const TITLE = 'Clinic generator after the flood'
const UPDATE = 'The generator arrived this morning and the clinic has light again. Thank you all!'

let service: TestPushService
const serverEnv: NodeJS.ProcessEnv = {}
beforeAll(async () => {
  service = await startPushService()
  serverEnv.PUSH_ALLOWED_ORIGINS = service.origin
})
afterAll(() => service?.close())

const app = useApp({ env: serverEnv })
const people = {} as { owner: ApiUser; donor: ApiUser }
let emergency: CreatedEmergency
let subscriptions: BrowserSubscription[] = []

beforeAll(async () => {
  const url = app.server().url
  ;[people.owner, people.donor] = await Promise.all([
    registerApiUser(url, 'campaigner-push@example.com'),
    registerApiUser(url, 'donor-push@example.com'),
  ])
  emergency = await createEmergencyAs(url, people.owner.access, { title: TITLE, sol_goal: '3' })
})

const donorSession = useSession(app, phoneWith(USER_AGENTS.androidChrome), async (context) => {
  await signedInAs(context, people.donor)
  subscriptions = await pushThrough(context, service)
})
const ownerSession = useSession(app, phoneWith(USER_AGENTS.iosSafari), (context) =>
  signedInAs(context, people.owner),
)

describe('campaign updates and notifications', () => {
  test('a follower receives the update the campaigner posts, and its tap opens the emergency', async () => {
    const donor = donorSession()
    const owner = ownerSession()

    await donor.page.goto(`/donate/${emergency.id}`)
    await appTookOver(donor.page)
    await activeServiceWorker(donor.page)
    const notifyMe = donor.page.getByRole('button', { name: 'Notify me of updates' })
    await notifyMe.click()
    await seeText(donor.page, "You'll be notified of this emergency's updates on this device.")
    await expect.poll(() => notifyMe.getAttribute('aria-pressed')).toBe('true')
    expect(subscriptions).toHaveLength(1)
    await donor.shot('notify-me-following', { fullPage: false })

    await owner.page.goto(`/donate/${emergency.id}#post-update`)
    await appTookOver(owner.page)
    const form = owner.page.getByRole('form', { name: 'Post an update' })
    await form.getByLabel('What’s new?').fill(UPDATE)
    await form.locator('input[type="file"]').setInputFiles({
      name: 'generator.png',
      mimeType: 'image/png',
      buffer: await png({ r: 230, g: 160, b: 40 }),
    })
    await form.getByRole('img', { name: 'New image generator.png' }).waitFor()
    await owner.shot('post-update-form', { fullPage: false })
    await form.getByRole('button', { name: 'Post update' }).click()
    await seeText(owner.page, 'Update posted.')
    const timeline = owner.page.getByRole('region', { name: /^Updates/ })
    await timeline.getByText(UPDATE).waitFor()
    await timeline.getByRole('img', { name: 'Photo 1 of 1 of this update' }).waitFor()
    await owner.page.getByText('Update posted.').waitFor({ state: 'hidden' })
    await timeline.getByText(UPDATE).evaluate((text) => text.scrollIntoView({ block: 'center' }))
    await owner.shot('update-posted', { fullPage: false })

    const notice = await receivedPush(service, subscriptions[0]!, (p) => p.title === `Update: ${TITLE}`)
    expect(notice).toMatchObject({ body: UPDATE, url: `/donate/${emergency.id}` })

    await donor.page.goto('/dashboard')
    const notifications = donor.page.getByRole('switch', { name: 'Notifications on this device' })
    await expect.poll(() => notifications.isChecked()).toBe(true)
    await notifications.scrollIntoViewIfNeeded()
    await donor.shot('dashboard-notifications-on', { fullPage: false })
    await deliverPush(donor.page, notice)
    await expect
      .poll(() => shownNotifications(donor.page))
      .toEqual([
        { title: notice.title, body: UPDATE, tag: notice.tag, data: { url: `/donate/${emergency.id}` } },
      ])
    await tapNotification(donor.context)
    await atPath(donor.page, `/donate/${emergency.id}`)
    await donor.page
      .getByRole('region', { name: /^Updates/ })
      .getByText(UPDATE)
      .waitFor()
    expect(await shownNotifications(donor.page)).toEqual([])
  })

  test('in iPhone Safari, "Notify me" says notifications need the app on the home screen', async () => {
    const { page, shot } = ownerSession()
    await page.goto(`/donate/${emergency.id}`)
    await appTookOver(page)
    await page.getByRole('button', { name: 'Notify me of updates' }).click()
    await seeText(page, 'Notifications need Lifeline on your home screen.')
    await page.getByRole('button', { name: 'Show me how' }).click()
    await page.getByRole('dialog').waitFor()
    await shot('notify-me-home-screen', { fullPage: false })
  })
})

describe('at desktop width', () => {
  const visitor = useSession(app, desktop)

  test('the donate page shows the updates timeline and Notify me', async () => {
    const { page, shot } = visitor()
    await page.goto(`/donate/${emergency.id}`)
    await page.getByRole('button', { name: 'Notify me of updates' }).waitFor()
    await page
      .getByRole('region', { name: /^Updates/ })
      .getByText(UPDATE)
      .waitFor()
    await shot('donate-updates')
  })
})

// What the notification controls say (the "Notify me" button, the dashboard's switch, the home-screen note).
import { ApiError } from '../lib/api-client'
import { errorText } from '../lib/error-text'
export const NOTIFY_TEXT = {
  button: 'Notify me of updates',
  following: "You'll be notified of this emergency's updates on this device.",
  stopped: "You won't be notified of this emergency's updates any more.",
  signIn: 'Log in to get notified of updates.',
  denied:
    "Notifications are blocked for Lifeline. Allow them in this browser's site settings, then try again.",
  unsupported: 'This browser cannot show notifications.',
  failed: 'Could not turn on notifications.',
  homeScreen: 'Notifications need Lifeline on your home screen.',
  homeScreenSafari: 'Add it from Safari’s Share menu, then open Lifeline from there.',
  homeScreenOther: 'Open this page in Safari, add it to your home screen, then open Lifeline from there.',
  homeScreenHow: 'Show me how',
}

export const SWITCH_TEXT = {
  label: 'Notifications on this device',
  on: 'On. This device shows each gift to your emergencies, and the updates of emergencies you follow.',
  off: 'Off. Turn them on to hear of each gift to your emergencies, and of updates you follow.',
  checking: 'Checking this device…',
  turnedOn: 'Notifications are on for this device.',
  turnedOff: 'Notifications are off for this device.',
}

/** A failure as the controls tell it: the API's refusal by its code; the browser's own words (a push service's
 * refusal) mean nothing to a donor. */
export const failureText = (error: unknown) =>
  error instanceof ApiError ? errorText(error, NOTIFY_TEXT.failed) : NOTIFY_TEXT.failed

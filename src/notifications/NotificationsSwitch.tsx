// The dashboard's "Notifications on this device": this device's setting as a switch, with what it means. Turning
// it on asks for the permission then (never on load); where it cannot be turned on, the switch is off and says why.
import { useSetAtom } from 'jotai'
import { useId } from 'react'
import { pushToastAtom } from '../state/toast.atoms'
import { deviceSupport } from './device-support'
import { HomeScreenNote } from './HomeScreenNote'
import { failureText, NOTIFY_TEXT, SWITCH_TEXT } from './notification-text'
import type { DeviceState } from './this-device'
import { useThisDevice } from './use-this-device'
import styles from './Notifications.module.css'

const DETAIL: Record<DeviceState, string> = {
  on: SWITCH_TEXT.on,
  off: SWITCH_TEXT.off,
  denied: NOTIFY_TEXT.denied,
  unsupported: NOTIFY_TEXT.unsupported,
  'needs-home-screen': 'Off.',
}

export function NotificationsSwitch() {
  const id = useId()
  const toast = useSetAtom(pushToastAtom)
  const device = useThisDevice()
  const { state } = device
  const on = state === 'on'
  const settable = state === 'on' || state === 'off'

  const flip = () => {
    const change = on
      ? device.turnOff().then(() => toast({ kind: 'success', text: SWITCH_TEXT.turnedOff }))
      : device.turnOn().then((turned) => {
          if (turned === 'on') toast({ kind: 'success', text: SWITCH_TEXT.turnedOn })
          if (turned === 'denied') toast({ kind: 'error', text: NOTIFY_TEXT.denied })
        })
    change.catch((error: unknown) => {
      console.warn('notification setting not changed', error)
      toast({ kind: 'error', text: failureText(error) })
    })
  }

  const support = deviceSupport()
  return (
    <section className={styles.settings} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Notifications</h2>
      <div className={styles.switchRow}>
        <label htmlFor={`${id}-switch`} className={styles.switchLabel}>
          {SWITCH_TEXT.label}
        </label>
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={on}
          disabled={!settable || device.busy}
          aria-describedby={`${id}-detail`}
          onChange={flip}
        />
      </div>
      <p id={`${id}-detail`} className={styles.detail}>
        {state === null ? SWITCH_TEXT.checking : DETAIL[state]}
      </p>
      {state === 'needs-home-screen' && support.kind === 'needs-home-screen' && (
        <HomeScreenNote iosSafari={support.iosSafari} />
      )}
    </section>
  )
}

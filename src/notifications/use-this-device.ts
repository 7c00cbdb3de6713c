// This device's notification setting for a screen: its state once known (null in the server's markup and until the
// browser has answered), and turning it on (from a tap: the permission prompt) or off. The subscription code loads
// with the first screen that asks, not with the page.
import { useCallback, useEffect, useState } from 'react'
import { askPermission, deviceSupport } from './device-support'
import type { DeviceState } from './this-device'

const thisDevice = () => import('./this-device')

export function useThisDevice() {
  const [state, setState] = useState<DeviceState | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    thisDevice()
      .then((device) => device.deviceState())
      .then(
        (known) => live && setState(known),
        (error: unknown) => console.warn('notification state unknown', error),
      )
    return () => {
      live = false
    }
  }, [])

  /** Call it from a tap, before any await of the caller's: the permission prompt is asked at once. Failures throw. */
  const turnOn = useCallback(async (): Promise<DeviceState> => {
    const support = deviceSupport()
    if (support.kind !== 'supported') {
      setState(support.kind)
      return support.kind
    }
    const permission = askPermission()
    setBusy(true)
    try {
      const turned = await (await thisDevice()).turnOnHere(permission)
      setState(turned)
      return turned
    } finally {
      setBusy(false)
    }
  }, [])

  const turnOff = useCallback(async () => {
    setBusy(true)
    try {
      await (await thisDevice()).turnOffHere()
      setState('off')
    } finally {
      setBusy(false)
    }
  }, [])

  return { state, busy, turnOn, turnOff }
}

// The wallet list: the connection matrix's ways to connect for this browser, in its order, each with its reason
// ("Opens the Phantom app", "Works inside Phantom's browser"). Wallet ways connect through the bridge; the
// "Open in …" and install ways are plain links.
import { useAtomValue } from 'jotai'
import { useEffect, useId, useState } from 'react'
import { useConfig } from '../state/config'
import { walletBridgeAtom, type WalletBridge } from '../state/wallet.atoms'
import { readConnectionEnvironment } from './connection-environment'
import { connectionMatrix, fallbackOptions } from './connection-matrix'
import { PickerSkeleton } from './PickerSkeleton'
import { installedWalletNames, pickerRows, type PickerRow } from './picker-rows'
import styles from './WalletModal.module.css'

/** Shown for a link row when the stack has no icon for its wallet: an arrow leaving the app. */
const LINK_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="6" fill="#0b6b6a"/><path d="M10 6h8v8h-2V9.4l-7.3 7.3-1.4-1.4L14.6 8H10V6Z" fill="#fff"/></svg>',
  )

/** The label names the choice; the reason describes it (so 'Phantom' stays the accessible name). */
function RowBody({
  row,
  ids,
  icon,
  state,
}: {
  row: PickerRow
  ids: string
  icon: string
  state: string | null
}) {
  return (
    <>
      <img src={icon} alt="" width="32" height="32" />
      <span className={styles.text}>
        <span id={`${ids}-label`} className={styles.name}>
          {row.option.label}
        </span>
        <span id={`${ids}-reason`} className={row.option.kind === 'sandbox' ? styles.sandbox : styles.reason}>
          {row.option.reason}
        </span>
      </span>
      {state && <span className={styles.state}>{state}</span>}
    </>
  )
}

function Row({
  row,
  bridge,
  onSelect,
}: {
  row: PickerRow
  bridge: WalletBridge
  onSelect: (name: string) => void
}) {
  const icon =
    (row.action === 'connect' ? row.wallet.icon : undefined) ??
    bridge.wallets.find((wallet) => wallet.name === row.option.wallet)?.icon ??
    LINK_ICON
  const ids = useId()
  const described = { 'aria-labelledby': `${ids}-label`, 'aria-describedby': `${ids}-reason` }
  if (row.action === 'link') {
    const install = row.option.kind === 'install'
    return (
      <li>
        <a
          className={styles.row}
          href={row.href}
          {...described}
          {...(install ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: 'noopener' })}
        >
          <RowBody row={row} ids={ids} icon={icon} state={install ? 'Install' : null} />
        </a>
      </li>
    )
  }
  const current = row.wallet.name === bridge.walletName && !!bridge.address
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        onClick={() => onSelect(row.wallet.name)}
        aria-current={current || undefined}
        {...described}
      >
        <RowBody row={row} ids={ids} icon={icon} state={current ? 'Connected' : null} />
      </button>
    </li>
  )
}

/** How long the picker waits for an injected wallet to show up before it says none was found. */
export const WALLET_SEARCH_MS = 3000
export const NO_WALLET_FOUND_TEXT = 'No wallet found in this browser. You can still use one of these:'

function Rows({
  rows,
  bridge,
  onSelect,
}: {
  rows: PickerRow[]
  bridge: WalletBridge
  onSelect: (name: string) => void
}) {
  return (
    <ul className={styles.list} aria-label="Ways to connect">
      {rows.map((row) => (
        <Row key={`${row.option.kind}:${row.option.wallet}`} row={row} bridge={bridge} onSelect={onSelect} />
      ))}
    </ul>
  )
}

export default function WalletPicker({ onSelect }: { onSelect: (name: string) => void }) {
  const bridge = useAtomValue(walletBridgeAtom)
  const config = useConfig()
  const [searched, setSearched] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setSearched(true), WALLET_SEARCH_MS)
    return () => window.clearTimeout(timer)
  }, [])
  if (!bridge) return <PickerSkeleton />
  const environment = readConnectionEnvironment(installedWalletNames(bridge.wallets), config?.cluster ?? null)
  const rows = pickerRows(connectionMatrix(environment).options, bridge.wallets)
  if (rows.length > 0) return <Rows rows={rows} bridge={bridge} onSelect={onSelect} />
  // Injected wallets are detected by polling for a second or so: rows of the final size until then, and after
  // that what was not found and the other ways, never skeletons forever.
  if (!searched) return <PickerSkeleton />
  return (
    <>
      <p className={styles.none} role="status">
        {NO_WALLET_FOUND_TEXT}
      </p>
      <Rows
        rows={pickerRows(fallbackOptions(environment), bridge.wallets)}
        bridge={bridge}
        onSelect={onSelect}
      />
    </>
  )
}

// The small settings sheet of "Verify": which RPC this device's checks ask, kept in localStorage. Empty: the
// cluster's RPC from the app's settings.
import { type FormEvent, useId, useState } from 'react'
import { rpcUrl, saveVerifyRpc, savedVerifyRpc } from '../lib/verify-rpc'
import { buttonClass } from './button'
import { Modal } from './Modal'
import { TextField } from './TextField'
import ui from './Ui.module.css'
import styles from './VerifyDonation.module.css'

export const RPC_SHEET_TEXT = {
  title: 'Verify with your own RPC',
  label: 'RPC URL',
  hint: (clusterRpc: string | null) =>
    `Kept on this device only. Empty: the network's RPC${clusterRpc ? ` (${clusterRpc})` : ''}.`,
  invalid: 'Enter an http(s) URL, such as https://api.mainnet-beta.solana.com',
  save: 'Save',
  reset: "Use the network's RPC",
} as const

/** Loaded lazily by VerifyDonation on the first tap of "RPC settings". */
export default function VerifyRpcSheet({
  open,
  onClose,
  clusterRpc,
}: {
  open: boolean
  onClose: () => void
  clusterRpc: string | null
}) {
  return (
    <Modal title={RPC_SHEET_TEXT.title} open={open} onClose={onClose}>
      {open && <RpcForm onDone={onClose} clusterRpc={clusterRpc} />}
    </Modal>
  )
}

function RpcForm({ onDone, clusterRpc }: { onDone: () => void; clusterRpc: string | null }) {
  const id = useId()
  const [typed, setTyped] = useState(() => savedVerifyRpc() ?? '')
  const [error, setError] = useState<string>()

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (typed.trim() && !rpcUrl(typed)) return setError(RPC_SHEET_TEXT.invalid)
    saveVerifyRpc(typed)
    onDone()
  }
  return (
    <form className={ui.form} onSubmit={save} noValidate>
      <TextField
        id={id}
        label={RPC_SHEET_TEXT.label}
        value={typed}
        onChange={(value) => {
          setTyped(value)
          setError(undefined)
        }}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={clusterRpc ?? 'https://'}
        hint={RPC_SHEET_TEXT.hint(clusterRpc)}
        error={error}
        describedError
      />
      <div className={styles.sheetButtons}>
        <button type="submit" className={buttonClass('primary')}>
          {RPC_SHEET_TEXT.save}
        </button>
        <button
          type="button"
          className={buttonClass('ghost')}
          onClick={() => {
            saveVerifyRpc(null)
            onDone()
          }}
        >
          {RPC_SHEET_TEXT.reset}
        </button>
      </div>
    </form>
  )
}

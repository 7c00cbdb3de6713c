// The picker's rows: each way to connect the matrix offers, joined with the wallet the stack exposes for it.
// Links ('Open in …', install) need no wallet; a wallet way without its wallet in the stack is left out, so the
// picker never offers a choice that would do nothing.
import type { WalletOption } from '../state/wallet.atoms'
import type { ConnectionOption } from './connection-matrix'

export type PickerRow =
  | { option: ConnectionOption; action: 'connect'; wallet: WalletOption }
  | { option: ConnectionOption; action: 'link'; href: string }

function walletFor(option: ConnectionOption, wallets: WalletOption[]): WalletOption | undefined {
  if (option.kind === 'browse' || option.kind === 'install') return undefined
  const named = wallets.filter((wallet) => wallet.name === option.wallet && wallet.kind === option.kind)
  // An injected wallet counts once it is installed; the others (MWA, deep links, Sandbox) are loadable.
  return named.find((wallet) => (option.kind === 'injected' ? wallet.installed : wallet.detected))
}

export function pickerRows(options: ConnectionOption[], wallets: WalletOption[]): PickerRow[] {
  return options.flatMap((option): PickerRow[] => {
    if (option.href) return [{ option, action: 'link', href: option.href }]
    const wallet = walletFor(option, wallets)
    return wallet ? [{ option, action: 'connect', wallet }] : []
  })
}

/**
 * The wallets injected into this page as the stack sees them (the matrix's view): not our deep-link wallets,
 * which are Wallet Standard wallets too and so count as installed.
 */
export function installedWalletNames(wallets: WalletOption[]): string[] {
  return wallets
    .filter((wallet) => wallet.installed && wallet.kind === 'injected')
    .map((wallet) => wallet.name)
}

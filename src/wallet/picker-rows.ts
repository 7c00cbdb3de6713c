// The picker's rows: each way to connect the matrix offers, joined with the wallet the stack exposes for it.
// Links ('Open in …', install) need no wallet; a wallet way without its wallet in the stack is left out, so the
// picker never offers a choice that would do nothing.
import type { WalletOption } from '../state/wallet.atoms'
import type { ConnectionOption } from './connection-matrix'

export type PickerRow =
  | { option: ConnectionOption; action: 'connect'; wallet: WalletOption }
  | { option: ConnectionOption; action: 'link'; href: string }

function walletFor(option: ConnectionOption, wallets: WalletOption[]): WalletOption | undefined {
  const named = wallets.filter((wallet) => wallet.name === option.wallet)
  switch (option.kind) {
    case 'injected':
      return named.find((wallet) => wallet.installed)
    case 'mobile-wallet-adapter':
    case 'sandbox':
      return named.find((wallet) => wallet.detected)
    default:
      return undefined
  }
}

export function pickerRows(options: ConnectionOption[], wallets: WalletOption[]): PickerRow[] {
  return options.flatMap((option): PickerRow[] => {
    if (option.href) return [{ option, action: 'link', href: option.href }]
    const wallet = walletFor(option, wallets)
    return wallet ? [{ option, action: 'connect', wallet }] : []
  })
}

/** The Wallet Standard and injected wallets the stack sees installed: the matrix's view of this page. */
export function installedWalletNames(wallets: WalletOption[]): string[] {
  return wallets.filter((wallet) => wallet.installed).map((wallet) => wallet.name)
}

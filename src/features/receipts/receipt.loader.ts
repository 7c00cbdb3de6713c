// /receipt/:tx's first-screen read (the receipt) and its head: a shared receipt link opens with its content, and
// prints without waiting for the app.
import type { LoaderFunctionArgs } from 'react-router-dom'
import type { HeadOf } from '../../first-screen/page-head'
import { reader, type Settled } from '../../lib/public-read'
import { fetchReceipt } from '../../lib/receipts.api'

export const loader = ({ context, params }: LoaderFunctionArgs) => ({
  receipt: reader(context)((api) => fetchReceipt(api, params.tx ?? '')),
})

export type ReceiptData = ReturnType<typeof loader>

export const head: HeadOf<Settled<ReceiptData>> = ({ receipt: { data } }, config) => {
  if (!data) return undefined
  const appName = config?.app_name ?? 'Lifeline'
  return {
    title: `Donation receipt · ${appName}`,
    description: `${data.amount} ${data.currency} to “${data.emergency.title}”: the record of an on-chain transfer.`,
    canonical: `${config?.public_url ?? ''}/receipt/${data.tx_hash}`,
  }
}

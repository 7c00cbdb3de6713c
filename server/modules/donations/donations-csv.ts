// Donations as CSV, written by csv-stringify as they are read: RFC 4180 (quotes where a cell needs them, CRLF
// between records), UTF-8 with a byte-order mark (so spreadsheet programs do not read it as their local code page),
// and every cell that starts with =, +, -, @, a tab or a carriage return prefixed with ' so that a spreadsheet
// shows it as text instead of running it as a formula (OWASP "CSV Injection").
import { pipeline, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { Config } from '../../config'
import { explorerTxUrl } from '../../lib/explorer'
import { formatAmount } from '../../lib/money'
import type { DonationRecord } from './donation-records.repository'

export const CSV_COLUMNS = [
  'date',
  'emergency_id',
  'emergency_title',
  'amount_sol',
  'tip_sol',
  'amount_usdc',
  'tip_usdc',
  'tx_hash',
  'explorer_url',
  'donor_wallet',
  'comment',
] as const

/**
 * One record's cells. The date is the block's time (when the gift happened), else when it was recorded. Each
 * currency has its own amount and tip columns, the other's left empty, so that a column sums to a total.
 */
function cells(config: Pick<Config, 'publicRpcUrl'>, r: DonationRecord): string[] {
  const amounts = [formatAmount(r.currency, r.amount), formatAmount(r.currency, r.tipAmount)]
  return [
    (r.blockTime ?? r.createdAt).toISOString(),
    String(r.emergencyId),
    r.emergencyTitle,
    ...(r.currency === 'SOL' ? [...amounts, '', ''] : ['', '', ...amounts]),
    r.txHash,
    explorerTxUrl(config, r.cluster, r.txHash),
    r.donorWallet,
    r.comment ?? '',
  ]
}

/**
 * The CSV text of `rows` as a stream of bytes, pulled from `rows` only as fast as it is read (the stringifier's
 * buffer is the backpressure). A failure of `rows` destroys the stream: the download ends early, never silently
 * short.
 */
export function donationsCsv(
  config: Pick<Config, 'publicRpcUrl'>,
  rows: AsyncIterable<DonationRecord>,
): Readable {
  async function* lines() {
    for await (const row of rows) yield cells(config, row)
  }
  const csv = stringify({
    header: true,
    columns: [...CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  })
  return pipeline(Readable.from(lines()), csv, () => undefined)
}

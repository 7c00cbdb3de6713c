// Investment form rules: proposed_amount and message required; equity_percentage and contact_info optional.
import { parseSol } from '../../../lib/sol'

export interface InvestValues {
  proposed_amount: string
  equity_percentage: string
  message: string
  contact_info: string
}
export type InvestErrors = Partial<Record<keyof InvestValues, string>>

export const INTEREST_FAILED = 'Failed to submit interest'

export function validateInvest(v: InvestValues): InvestErrors {
  const errors: InvestErrors = {}
  const amount = parseSol(v.proposed_amount)
  if (!v.proposed_amount.trim()) errors.proposed_amount = 'Proposed amount is required.'
  else if (amount === null || amount <= 0n) errors.proposed_amount = 'Enter an amount in SOL above 0.'
  if (!v.message.trim()) errors.message = 'Message is required.'
  const equity = Number(v.equity_percentage)
  if (v.equity_percentage.trim() && (!Number.isFinite(equity) || equity < 0 || equity > 100))
    errors.equity_percentage = 'Equity is a percentage from 0 to 100.'
  return errors
}

export function investBody(v: InvestValues) {
  return {
    proposed_amount: v.proposed_amount.trim(),
    message: v.message.trim(),
    ...(v.equity_percentage.trim() ? { equity_percentage: v.equity_percentage.trim() } : {}),
    ...(v.contact_info.trim() ? { contact_info: v.contact_info.trim() } : {}),
  }
}

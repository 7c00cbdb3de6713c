// SOL or USDC: two radio buttons drawn as one segmented control (each half a full touch target).
import type { Currency } from '../../lib/money'
import styles from './CurrencyPicker.module.css'

const CHOICES: readonly Currency[] = ['SOL', 'USDC']

export function CurrencyPicker({
  name,
  value,
  onChange,
}: {
  /** the radio group's name (unique on the page) */
  name: string
  value: Currency
  onChange: (currency: Currency) => void
}) {
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>Give in</legend>
      <div className={styles.options}>
        {CHOICES.map((currency) => (
          <label key={currency} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
            />
            <span>{currency}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

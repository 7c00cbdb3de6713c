import styles from './Button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'

/** Class names for a button or a link styled as one, so links stay links and buttons stay buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', options: { block?: boolean } = {}): string {
  return [styles.button, styles[variant], options.block ? styles.block : ''].filter(Boolean).join(' ')
}

// A row of buttons for one decision (approve / reject, confirm / cancel): each a real <button type="button">,
// styled by its variant; the container's class lays them out (wrapped in a row, or stacked full width).
import { buttonClass, type ButtonVariant } from './button'
import ui from './Ui.module.css'

export interface Action {
  label: string
  onClick: () => void
  /** 'secondary' unless said. */
  variant?: ButtonVariant
  /** An extra class, e.g. a danger colour. */
  className?: string
  disabled?: boolean
}

export function ActionButtons({
  actions,
  block = false,
  className = ui.actions,
}: {
  /** The buttons in order; a missing one (false, undefined) is not shown. */
  actions: Array<Action | false | undefined>
  /** Full-width buttons (a modal's stacked choices). */
  block?: boolean
  className?: string
}) {
  return (
    <div className={className}>
      {actions.map(
        (action, n) =>
          action && (
            <button
              // The order is fixed and a label may change while busy ('Deleting…'): the place is the key.
              key={n}
              type="button"
              className={[buttonClass(action.variant ?? 'secondary', { block }), action.className]
                .filter(Boolean)
                .join(' ')}
              disabled={action.disabled}
              onClick={action.onClick}
            >
              {action.label}
            </button>
          ),
      )}
    </div>
  )
}

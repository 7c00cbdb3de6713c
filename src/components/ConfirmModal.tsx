// A question in a modal (delete this? boost it?): what will happen, then the stacked full-width choices.
import type { ReactNode } from 'react'
import { ActionButtons, type Action } from './ActionButtons'
import { Modal } from './Modal'
import styles from './ConfirmModal.module.css'

export function ConfirmModal(props: {
  title: string
  open: boolean
  onClose: () => void
  /** What the choice does, in a sentence or two. */
  children: ReactNode
  /** The confirming choice first. */
  choices: Action[]
}) {
  return (
    <Modal title={props.title} open={props.open} onClose={props.onClose}>
      <p className={styles.text}>{props.children}</p>
      <ActionButtons className={styles.choices} block actions={props.choices} />
    </Modal>
  )
}

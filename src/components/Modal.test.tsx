import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { resetApp } from '../testing/harness'
import { Modal } from './Modal'

/** A parent that re-renders on every key typed and passes a new onClose each time (as FlagButton does). */
function Reason() {
  const [open, setOpen] = useState(true)
  const [reason, setReason] = useState('')
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p>Closed: {String(!open)}</p>
      <Modal title="Flag as Scam" open={open} onClose={() => setOpen(false)}>
        <label>
          Reason
          <textarea value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
      </Modal>
    </>
  )
}

describe('a modal dialog', () => {
  afterEach(resetApp)

  test('keeps the focus in its field while the user types a whole sentence, and Escape still closes it', async () => {
    render(<Reason />)
    const field = await screen.findByLabelText('Reason')
    await userEvent.type(field, 'Copied photos')
    expect((field as HTMLTextAreaElement).value).toBe('Copied photos')
    expect(document.activeElement).toBe(field)
    await userEvent.keyboard('{Escape}')
    expect(screen.getByText('Closed: true')).toBeTruthy()
  })
})

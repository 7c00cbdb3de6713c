import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { renderAt, resetApp } from '../../testing/harness'
import { KycForm } from './KycForm'
import { validateKyc } from './kyc-form-rules'

const image = (size = 10, type = 'image/png') => new File([new Uint8Array(size)], 'id.png', { type })

function setup(submit = vi.fn(async () => ({}))) {
  const onDone = vi.fn()
  const onFailed = vi.fn()
  renderAt('/', [{ path: '/', element: <KycForm submit={submit} onDone={onDone} onFailed={onFailed} /> }])
  return { submit, onDone, onFailed }
}

function fill(file: File | null = image()) {
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } })
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'UK' } })
  fireEvent.change(screen.getByLabelText('Full address'), { target: { value: '1 Main St' } })
  if (file) fireEvent.change(screen.getByLabelText('ID image'), { target: { files: [file] } })
}

describe('the KYC form', () => {
  beforeEach(resetApp)

  it('refuses to submit without a name, country, address and ID image, naming each missing field', async () => {
    const { submit } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Submit KYC' }))
    expect(await screen.findByText('Full name is required.')).toBeTruthy()
    expect(screen.getByText('Country is required.')).toBeTruthy()
    expect(screen.getByText('Full address is required.')).toBeTruthy()
    expect(screen.getByText('An image of your ID is required.')).toBeTruthy()
    expect(submit).not.toHaveBeenCalled()
  })

  it('defaults the ID type to passport', () => {
    setup()
    expect((screen.getByLabelText('ID type') as HTMLSelectElement).value).toBe('passport')
  })

  it('refuses an ID that is not an image, or larger than 5 MB', () => {
    const base = { full_name: 'a', country: 'b', full_address: 'c', id_type: 'passport' as const }
    expect(validateKyc({ ...base, id_image: image(10, 'application/pdf') }, 5 * 1024 * 1024).id_image).toBe(
      'The ID must be an image file.',
    )
    expect(validateKyc({ ...base, id_image: image(5 * 1024 * 1024 + 1) }, 5 * 1024 * 1024).id_image).toBe(
      'File too large. Maximum allowed size is 5MB.',
    )
    expect(validateKyc({ ...base, id_image: image() }, 5 * 1024 * 1024)).toEqual({})
  })

  it('sends the multipart form with id_type passport and reports success', async () => {
    const { submit, onDone } = setup()
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Submit KYC' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('submitted'))
    const form = (submit.mock.calls[0] as unknown as [FormData])[0]
    expect(form.get('full_name')).toBe('Ada Lovelace')
    expect(form.get('id_type')).toBe('passport')
    expect(form.get('id_image')).toBeInstanceOf(File)
  })

  it("offers the phone's camera for the ID photo", () => {
    setup()
    expect(screen.getByLabelText('ID image').getAttribute('capture')).toBe('environment')
  })

  it('reports an earlier live submission (kyc_already_submitted) as already submitted', async () => {
    const { onDone } = setup(
      vi.fn(async () =>
        Promise.reject(
          new ApiError(409, 'KYC already submitted and under review or approved.', 'kyc_already_submitted'),
        ),
      ),
    )
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Submit KYC' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('already'))
  })

  it('says Failed to submit KYC when the server fails', async () => {
    const { onFailed } = setup(vi.fn(async () => Promise.reject(new ApiError(500, 'boom'))))
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Submit KYC' }))
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('Failed to submit KYC'))
    expect(screen.getByRole('alert').textContent).toBe('Failed to submit KYC')
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { toastsAtom } from '../../state/toast.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import { KycForm } from './KycForm'
import { validateKyc } from './kyc-form-rules'

const MB = 1024 * 1024
const image = (size = 10, type = 'image/png', name = 'id.png') =>
  new File([new Uint8Array(size)], name, { type })
const ID_PHOTO = /Take or choose a photo of your ID/

function setup(submit = vi.fn(async () => ({}))) {
  const onDone = vi.fn()
  renderAt('/', [{ path: '/', element: <KycForm submit={submit} onDone={onDone} /> }])
  return { submit, onDone }
}

function fill(file: File | null = image()) {
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } })
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'UK' } })
  fireEvent.change(screen.getByLabelText('Full address'), { target: { value: '1 Main St' } })
  if (file) fireEvent.change(screen.getByLabelText(ID_PHOTO), { target: { files: [file] } })
}

describe('the KYC form', () => {
  beforeEach(() => {
    resetApp()
    URL.createObjectURL = vi.fn(() => 'blob:preview')
    URL.revokeObjectURL = vi.fn()
  })

  it('refuses to submit without a name, country, address and ID image, naming each missing field', async () => {
    const { submit } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Submit KYC' }))
    expect(await screen.findByText('Full name is required.')).toBeTruthy()
    expect(screen.getByText('Country is required.')).toBeTruthy()
    expect(screen.getByText('Full address is required.')).toBeTruthy()
    expect(screen.getByText('An image of your ID is required.')).toBeTruthy()
    expect(submit).not.toHaveBeenCalled()
  })

  it("drops a field's 'required' once the field is filled, not only at the next submit", async () => {
    setup()
    fireEvent.click(screen.getByRole('button', { name: 'Submit KYC' }))
    expect(await screen.findByText('Full name is required.')).toBeTruthy()
    fill()
    expect(screen.queryByText('Full name is required.')).toBeNull()
    expect(screen.queryByText('An image of your ID is required.')).toBeNull()
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
    expect(screen.getByLabelText(ID_PHOTO).getAttribute('capture')).toBe('environment')
  })

  it('takes the ID photo in the drop zone of /create: one photo, previewed, a new pick replaces it', async () => {
    setup()
    const zone = screen.getByLabelText(ID_PHOTO) as HTMLInputElement
    expect(zone.multiple).toBe(false)
    fireEvent.change(zone, { target: { files: [image(10, 'image/png', 'front.png')] } })
    expect(await screen.findByRole('img', { name: 'New image front.png' })).toBeTruthy()
    fireEvent.change(zone, { target: { files: [image(10, 'image/png', 'retake.png')] } })
    expect(await screen.findByRole('img', { name: 'New image retake.png' })).toBeTruthy()
    expect(screen.queryByRole('img', { name: 'New image front.png' })).toBeNull()
  })

  it('refuses an ID photo over 5 MB when it is picked, naming the file', async () => {
    stubApi({ 'GET /api/config/': () => ({ body: { max_upload_bytes: 5 * MB } }) })
    setup()
    await screen.findByText(/up to 5 MB\. Only you and the reviewing admin/)
    fireEvent.change(screen.getByLabelText(ID_PHOTO), {
      target: { files: [image(5 * MB + 1, 'image/png', 'scan.png')] },
    })
    expect(screen.getByRole('alert').textContent).toBe(
      'scan.png: File too large. Maximum allowed size is 5MB.',
    )
    expect(screen.queryByRole('img', { name: 'New image scan.png' })).toBeNull()
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
    setup(vi.fn(async () => Promise.reject(new ApiError(500, 'boom'))))
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Submit KYC' }))
    const form = within(screen.getByRole('form', { name: 'KYC' }))
    expect((await form.findByRole('alert')).textContent).toBe('Failed to submit KYC')
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(['Failed to submit KYC'])
  })

  it("tells the server's reason by its code, also when the server is busy", async () => {
    const busy = 'The service is busy. Please retry in a moment.'
    setup(vi.fn(async () => Promise.reject(new ApiError(503, busy, 'database_busy'))))
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Submit KYC' }))
    const form = within(screen.getByRole('form', { name: 'KYC' }))
    expect((await form.findByRole('alert')).textContent).toBe(busy)
  })
})

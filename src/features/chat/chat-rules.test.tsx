import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { tokenAtom, walletAtom } from '../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import { messageToSend, uploadProblem } from './chat-rules'
import { ChatDocuments } from './ChatDocuments'

describe('the chat rules', () => {
  beforeEach(resetApp)

  it('does not send an empty or blank message', () => {
    expect(messageToSend('')).toBeNull()
    expect(messageToSend('   \n ')).toBeNull()
    expect(messageToSend(' hi ')).toBe('hi')
  })

  it('accepts a file of exactly 5 MB and refuses one byte more', () => {
    expect(uploadProblem(new File([new Uint8Array(5_242_880)], 'a.pdf'), 5_242_880)).toBeNull()
    expect(uploadProblem(new File([new Uint8Array(5_242_881)], 'a.pdf'), 5_242_880)).toBe(
      'File too large. Maximum allowed size is 5MB.',
    )
  })

  it('refuses a file above 5 MB before uploading it', async () => {
    store.set(walletAtom, 'W')
    store.set(tokenAtom, 't')
    const calls = stubApi({
      'GET /api/config/': () => ({ body: { max_upload_bytes: 5_242_880 } }),
      'GET /api/airdrop/chat/s1/upload-doc/': () => ({ body: [] }),
    })
    renderAt('/', [{ path: '/', element: <ChatDocuments session="s1" /> }])
    await screen.findByText('No documents yet.')
    const big = new File([new Uint8Array(5_242_881)], 'big.pdf', { type: 'application/pdf' })
    fireEvent.change(screen.getByLabelText('Upload a document'), { target: { files: [big] } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await waitFor(() =>
      expect(screen.getAllByText('File too large. Maximum allowed size is 5MB.').length).toBeGreaterThan(0),
    )
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
  })
})

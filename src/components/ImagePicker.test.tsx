import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { renderAt, resetApp, stubApi } from '../testing/harness'
import { ImagePicker } from './ImagePicker'

const MB = 1024 * 1024
const image = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'image/png' })

describe('picking proof images', () => {
  beforeEach(() => {
    resetApp()
    URL.createObjectURL = vi.fn(() => 'blob:preview')
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => vi.unstubAllGlobals())

  test('refuses an image over 5 MB when it is picked, naming the file, and keeps the others', async () => {
    stubApi({ 'GET /api/config/': () => ({ body: { max_upload_bytes: 5 * MB } }) })
    const onFiles = vi.fn()
    renderAt('/', [
      {
        path: '/',
        element: <ImagePicker kept={[]} files={[]} onRemoveKept={() => undefined} onFiles={onFiles} />,
      },
    ])
    await screen.findByText(/up to 5 MB each/)
    const input = screen.getByLabelText(/Add proof images/) as HTMLInputElement
    fireEvent.change(input, {
      target: { files: [image('roof.png', 1000), image('huge-scan.png', 5 * MB + 1)] },
    })
    expect(screen.getByRole('alert').textContent).toBe(
      'huge-scan.png: File too large. Maximum allowed size is 5MB.',
    )
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'roof.png' })])
  })
})

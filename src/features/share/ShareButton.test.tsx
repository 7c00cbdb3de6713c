import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Emergency } from '../../../api-contract/emergencies'
import { toastsAtom } from '../../state/toast.atoms'
import { SHARE_TEXT, ShareButton } from './ShareButton'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const emergency = { id: 42, title: 'Roof after the storm' } as Emergency

function setup(navigatorParts: Partial<Navigator>) {
  vi.stubGlobal('navigator', { ...navigator, ...navigatorParts })
  const store = createStore()
  render(
    <Provider store={store}>
      <ShareButton emergency={emergency} />
    </Provider>,
  )
  return { store, button: screen.getByRole('button', { name: SHARE_TEXT.button }) }
}

describe('the Share button', () => {
  test("opens the system share sheet with the donate page's link where there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    const { button, store } = setup({ share, canShare: () => true })
    await userEvent.click(button)
    expect(share).toHaveBeenCalledWith({
      title: 'Roof after the storm',
      text: 'Help: Roof after the storm',
      url: `${window.location.origin}/donate/42`,
    })
    expect(store.get(toastsAtom)).toEqual([])
  })

  test('copies the link and says so where the Web Share API is missing', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    const { button, store } = setup({ share: undefined, clipboard: { writeText } as unknown as Clipboard })
    await userEvent.click(button)
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/donate/42`)
    expect(store.get(toastsAtom)).toMatchObject([{ kind: 'success', text: SHARE_TEXT.copied }])
  })

  test('treats a closed share sheet as no failure', async () => {
    const share = vi.fn().mockRejectedValue(Object.assign(new Error('closed'), { name: 'AbortError' }))
    const { button, store } = setup({ share, canShare: () => true })
    await userEvent.click(button)
    expect(store.get(toastsAtom)).toEqual([])
  })
})

import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt, resetApp, stubApi } from '../testing/harness'
import type { PublicConfig } from '../../api-contract/config'
import { useConfig } from './config'

function TipLabel() {
  const config = useConfig()
  return <p>{config ? `Tip ${config.tip_percent}%` : 'loading'}</p>
}

function Limit() {
  const config = useConfig()
  return <p>{config ? `Up to ${config.max_upload_bytes} bytes` : 'loading'}</p>
}

describe('useConfig', () => {
  beforeEach(resetApp)

  it('asks /api/config/ once for every screen part that reads it', async () => {
    const calls = stubApi({
      'GET /api/config/': () => ({ body: { tip_percent: 5, max_upload_bytes: 5_242_880 } }),
    })
    renderAt('/', [
      {
        path: '/',
        element: (
          <>
            <TipLabel />
            <Limit />
          </>
        ),
      },
    ])
    expect(await screen.findByText('Tip 5%')).toBeTruthy()
    expect(screen.getByText('Up to 5242880 bytes')).toBeTruthy()
    expect(calls.filter((call) => call.key === 'GET /api/config/')).toHaveLength(1)
  })
})

describe('useConfig on a page that carries the config', () => {
  afterEach(() => vi.resetModules())

  it("draws with the page's copy from its first render, and asks the network nothing", async () => {
    const calls = stubApi({})
    const { primeConfig } = await import('../lib/config.api')
    const { useConfig: primed } = await import('./config')
    primeConfig({ tip_percent: 5, max_upload_bytes: 1_000 } as PublicConfig)
    function Tip() {
      const config = primed()
      return <p>{config ? `Tip ${config.tip_percent}%` : 'loading'}</p>
    }
    render(<Tip />)
    expect(screen.getByText('Tip 5%')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(calls).toEqual([])
  })
})

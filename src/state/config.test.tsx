import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderAt, resetApp, stubApi } from '../testing/harness'
import { useConfig } from './config'

function TipLabel() {
  const config = useConfig()
  return <p>{config ? `Tip ${config.tip_percent}%` : 'loading'}</p>
}

function Limit() {
  const config = useConfig()
  return <p>{config ? `Up to ${config.max_upload_bytes} bytes` : 'loading'}</p>
}

describe('configAtom', () => {
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

import type { LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { describe, expect, it } from 'vitest'
import { isRefusedAddress } from '../../lib/private-address'
import { endpointProblem, RefusedAddressError, refusingLookup } from './push-endpoint'

const none = new Set<string>()

describe('push endpoints', () => {
  it('accepts https endpoints on names, even names that do not resolve yet', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://web.push.apple.com/QGx',
      'https://push.invalid/x',
    ])
      expect(endpointProblem(endpoint, none), endpoint).toBeUndefined()
  })

  it('refuses what is not https, and literal loopback, private or link-local addresses in any spelling', () => {
    for (const endpoint of [
      'http://push.example/x',
      'ftp://push.example/x',
      'not a url',
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'https://push.localhost./x',
      'https://user:secret@push.example/x',
    ])
      expect(endpointProblem(endpoint, none), endpoint).toBeDefined()
  })

  it('admits an allow-listed origin as it is, and nothing else on its host', () => {
    const allowed = new Set(['http://127.0.0.1:8090'])
    expect(endpointProblem('http://127.0.0.1:8090/notify/abc', allowed)).toBeUndefined()
    expect(endpointProblem('http://127.0.0.1:8091/notify/abc', allowed)).toBeDefined()
  })

  it('judges addresses: the public unicast space passes, every special range is refused', () => {
    for (const address of ['8.8.8.8', '142.250.74.10', '2a00:1450:4001::200e'])
      expect(isRefusedAddress(address), address).toBe(false)
    for (const address of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      'not-an-address',
    ])
      expect(isRefusedAddress(address), address).toBe(true)
  })
})

/** A resolver that answers what DNS would, with no query: `answers` by name. */
const resolver =
  (answers: Record<string, LookupAddress[]>): LookupFunction =>
  (hostname, options, callback) => {
    const found = answers[hostname] ?? []
    setImmediate(() =>
      options.all ? callback(null, found) : callback(null, found[0]!.address, found[0]!.family),
    )
  }

const lookUp = (lookup: LookupFunction, hostname: string, all: boolean) =>
  new Promise<unknown>((resolve, reject) =>
    lookup(hostname, { all }, (error, address) => (error ? reject(error) : resolve(address))),
  )

describe('the address check when connecting', () => {
  const lookup = refusingLookup(
    resolver({
      'push.example': [{ address: '142.250.74.10', family: 4 }],
      'rebound.example': [{ address: '127.0.0.1', family: 4 }],
      'mixed.example': [
        { address: '142.250.74.10', family: 4 },
        { address: 'fd00::5', family: 6 },
      ],
    }),
  )

  it('lets a name that resolves to public addresses through', async () => {
    await expect(lookUp(lookup, 'push.example', false)).resolves.toBe('142.250.74.10')
    await expect(lookUp(lookup, 'push.example', true)).resolves.toEqual([
      { address: '142.250.74.10', family: 4 },
    ])
  })

  it('refuses a name that resolves to a loopback or private address, even beside a public one', async () => {
    await expect(lookUp(lookup, 'rebound.example', false)).rejects.toBeInstanceOf(RefusedAddressError)
    await expect(lookUp(lookup, 'mixed.example', true)).rejects.toBeInstanceOf(RefusedAddressError)
  })
})

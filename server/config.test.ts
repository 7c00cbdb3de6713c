import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { ConfigError, loadConfig } from './config'

const ADMIN = 'Vote111111111111111111111111111111111111111'
const memory = { secrets: 'memory' as const }
/** A VAPID key pair made for these tests. */
const KEYS = webpush.generateVAPIDKeys()

describe('loadConfig', () => {
  it('runs on embedded defaults: port 8080, PGlite under ./data, the local cluster with its ledger at /rpc', () => {
    const config = loadConfig({}, memory)
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      siwsDomain: 'localhost:8080',
      cluster: 'local',
      rpcUrl: 'http://127.0.0.1:8899',
      wsUrl: 'ws://127.0.0.1:8900',
      embeddedLedger: true,
      publicRpcUrl: 'http://localhost:8080/rpc',
      publicWsUrl: 'ws://localhost:8080/rpc',
      ledgerPort: 8899,
    })
    expect(config.platformWallet).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  it('derives the SIWS domain from PUBLIC_URL, port included', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://give.example.org:8443/some/path' }, memory)
    expect(config.publicUrl).toBe('https://give.example.org:8443')
    expect(config.siwsDomain).toBe('give.example.org:8443')
  })

  it('lists every problem at once instead of failing on the first', () => {
    const env = {
      PORT: 'eighty',
      SOLANA_CLUSTER: 'devnet',
      ADMIN_WALLETS: `${ADMIN},not-a-wallet`,
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      USDC_MINT: 'not-a-mint',
      // less than one create's largest request: such a create could never be taken
      UPLOAD_BODIES_MB: '10',
    }
    let error: unknown
    try {
      loadConfig(env, memory)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.join('\n')
    for (const name of [
      'PORT',
      'SOLANA_RPC_URL',
      'ADMIN_WALLETS: "not-a-wallet"',
      'DATABASE_URL',
      'JWT_SECRET',
      'PLATFORM_WALLET',
      'USDC_MINT',
      'UPLOAD_BODIES_MB must be an integer between 52',
    ]) {
      expect(problems).toContain(name)
    }
  })

  it('attaches to a local ledger already running at SOLANA_RPC_URL, its websocket on the next port', () => {
    const config = loadConfig({ SOLANA_RPC_URL: 'http://127.0.0.1:9100' }, memory)
    expect(config).toMatchObject({
      cluster: 'local',
      embeddedLedger: false,
      rpcUrl: 'http://127.0.0.1:9100',
      wsUrl: 'ws://127.0.0.1:9101',
      // The PWA still reaches it through this server's /rpc.
      publicRpcUrl: 'http://localhost:8080/rpc',
      publicWsUrl: 'ws://localhost:8080/rpc',
    })
    const named = loadConfig(
      { SOLANA_RPC_URL: 'http://ledger:80', SOLANA_WS_URL: 'ws://ledger:81/ws' },
      memory,
    )
    expect(named.wsUrl).toBe('ws://ledger:81/ws')
    expect(() => loadConfig({ SOLANA_RPC_URL: 'ledger:8899' }, memory)).toThrow(/SOLANA_RPC_URL must be/)
  })

  it('uses SOLANA_RPC_URL and its websocket form on devnet', () => {
    const config = loadConfig(
      {
        SOLANA_CLUSTER: 'devnet',
        SOLANA_RPC_URL: 'https://api.devnet.solana.com',
        PLATFORM_WALLET: ADMIN,
        ADMIN_WALLETS: ` ${ADMIN} ,`,
      },
      memory,
    )
    expect(config).toMatchObject({
      rpcUrl: 'https://api.devnet.solana.com',
      publicWsUrl: 'wss://api.devnet.solana.com',
      platformWallet: ADMIN,
    })
    expect([...config.adminWallets]).toEqual([ADMIN])
  })

  it('generates the JWT secret and the local platform wallet once and keeps them under DATA_DIR', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-config-'))
    try {
      const first = loadConfig({ DATA_DIR: dataDir })
      const second = loadConfig({ DATA_DIR: dataDir })
      expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true)
      expect(second.platformWallet).toBe(first.platformWallet)
      expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('never touches the disk in memory mode', () => {
    const dataDir = path.join(os.tmpdir(), `lifeline-never-${process.pid}`)
    loadConfig({ DATA_DIR: dataDir }, memory)
    expect(fs.existsSync(dataDir)).toBe(false)
  })

  it('trusts no proxy by default, and reads TRUST_PROXY as a number of hops or a list of proxy addresses', () => {
    expect(loadConfig({}, memory).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }, memory).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }, memory).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.0.1.0/24 ,::1,loopback' }, memory).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'loopback',
    ])
  })

  it('refuses TRUST_PROXY=true (any client could choose its address) and what is not an address', () => {
    for (const [value, problem] of [
      ['true', 'TRUST_PROXY=true would believe any X-Forwarded-For header'],
      ['10.0.0.5,proxy.example', 'not: proxy.example'],
      ['10.0.0.0/33', 'not: 10.0.0.0/33'],
      ['99', 'at most 10 proxy hops'],
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }, memory), value).toThrow(problem)
    }
  })

  it('generates the VAPID key pair once and keeps it under DATA_DIR, unless both keys are set', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-config-'))
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).push.vapid
      const second = loadConfig({ DATA_DIR: dataDir }).push.vapid
      expect(second).toEqual(first)
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
      expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o077).toBe(0)
      const given = loadConfig(
        { DATA_DIR: dataDir, VAPID_PUBLIC_KEY: KEYS.publicKey, VAPID_PRIVATE_KEY: KEYS.privateKey },
        memory,
      ).push.vapid
      expect(given).toMatchObject(KEYS)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('refuses VAPID keys that are not a pair, or one without the other', () => {
    const other = loadConfig({}, memory).push.vapid
    for (const [env, problem] of [
      [{ VAPID_PUBLIC_KEY: KEYS.publicKey }, 'set together'],
      [{ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: KEYS.privateKey }, 'not the public key'],
      [{ VAPID_PUBLIC_KEY: KEYS.publicKey, VAPID_PRIVATE_KEY: 'short' }, 'not a base64url P-256 private key'],
    ] as const) {
      expect(() => loadConfig(env, memory), problem).toThrow(problem)
    }
  })

  it('takes a real mailto: or https: VAPID subject, never a local host, and PUBLIC_URL when it is public https', () => {
    const subject = (env: Record<string, string>) => loadConfig(env, memory).push.vapid.subject
    expect(subject({ VAPID_SUBJECT: 'mailto:ops@give.example.org' })).toBe('mailto:ops@give.example.org')
    expect(subject({ VAPID_SUBJECT: 'https://give.example.org/contact' })).toBe(
      'https://give.example.org/contact',
    )
    expect(subject({ PUBLIC_URL: 'https://give.example.org' })).toBe('https://give.example.org')
    expect(subject({})).toBe('mailto:push@lifeline.invalid')
    for (const [value, problem] of [
      ['https://localhost:8443', 'must not name a local host'],
      ['https://127.0.0.1', 'must not name a local host'],
      ['mailto:root@localhost', 'must not name a local host'],
      ['http://give.example.org', 'mailto: or https:'],
      ['ops@give.example.org', 'mailto: or https:'],
      ['mailto:nobody', 'mailto:<address>'],
    ]) {
      expect(() => loadConfig({ VAPID_SUBJECT: value }, memory), value).toThrow(problem)
    }
    const mainnet = {
      SOLANA_CLUSTER: 'mainnet-beta',
      SOLANA_RPC_URL: 'https://rpc.example',
      PLATFORM_WALLET: ADMIN,
    }
    expect(() => loadConfig(mainnet, memory)).toThrow('VAPID_SUBJECT (mailto: or https:) is required')
    expect(subject({ ...mainnet, PUBLIC_URL: 'https://give.example.org' })).toBe('https://give.example.org')
  })

  it('admits push endpoints of the origins in PUSH_ALLOWED_ORIGINS only, and refuses what is not an origin', () => {
    expect([...loadConfig({}, memory).push.allowedOrigins]).toEqual([])
    const allowed = loadConfig(
      { PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:8090, http://localhost:8091/' },
      memory,
    )
    expect([...allowed.push.allowedOrigins]).toEqual(['http://127.0.0.1:8090', 'http://localhost:8091'])
    for (const value of ['http://127.0.0.1:8090/notify', 'ftp://push.example', 'push.example'])
      expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: value }, memory), value).toThrow('PUSH_ALLOWED_ORIGINS')
  })
})

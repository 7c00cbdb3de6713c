// A throwaway PostgreSQL cluster: initdb in a temp folder, a free loopback port, fsync off. Used by the pg test
// project (tests/pg/global-setup.ts) and by `npm run bench`. As root, the server binaries run as the postgres
// OS user (initdb refuses root).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  stop(): void
}

export interface ClusterOptions {
  /** extra `-c name=value` server settings */
  settings?: Record<string, string | number>
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(root, version, 'bin'))
    : []
  return ['/usr/lib/postgresql/15/bin', ...versions].find((dir) => fs.existsSync(path.join(dir, 'initdb')))
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = binDir()
  if (!bin) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql: install the Debian package `postgresql` (apt-get install -y postgresql)',
    )
  }
  const root = process.getuid?.() === 0
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-pg-'))
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    fs.chownSync(dir, uid, gid)
  }
  const run = (tool: string, args: string[]) => {
    const command = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args]
    execFileSync(command[0] as string, command[1] as string[], { stdio: 'pipe' })
  }
  const data = path.join(dir, 'data')
  const port = await freePort()
  const settings = {
    listen_addresses: '127.0.0.1',
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: 200,
    ...options.settings,
  }
  const flags = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ')
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
    run('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} ${flags}`,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
    ])
  } catch (error) {
    const log = path.join(dir, 'server.log')
    const detail = fs.existsSync(log)
      ? fs.readFileSync(log, 'utf8')
      : String((error as { stderr?: Buffer }).stderr ?? error)
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`Could not start the throwaway PostgreSQL cluster:\n${detail}`, { cause: error })
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

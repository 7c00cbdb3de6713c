// A throwaway PostgreSQL cluster for the pg project: initdb in a temp folder, a free loopback port, fsync off.
// Tests receive its URL as TEST_DATABASE_URL (vitest provide/inject); each test file works in its own schema.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

const BIN_DIRS = ['/usr/lib/postgresql/15/bin', ...listVersions()]

function listVersions(): string[] {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return []
  return fs
    .readdirSync(root)
    .sort()
    .reverse()
    .map((version) => path.join(root, version, 'bin'))
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

export default async function setup(project: TestProject) {
  // An existing server can be used instead (each test file still gets its own schema).
  if (process.env.TEST_DATABASE_URL) {
    project.provide('TEST_DATABASE_URL', process.env.TEST_DATABASE_URL)
    return
  }
  const bin = BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb')))
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
  // initdb refuses to run as root: run the server binaries as the postgres OS user.
  const run = (tool: string, args: string[]) => {
    const command = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args]
    execFileSync(command[0] as string, command[1] as string[], { stdio: 'pipe' })
  }
  const data = path.join(dir, 'data')
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start'])
  } catch (error) {
    const log = path.join(dir, 'server.log')
    const detail = fs.existsSync(log)
      ? fs.readFileSync(log, 'utf8')
      : String((error as { stderr?: Buffer }).stderr ?? error)
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`Could not start the throwaway PostgreSQL cluster:\n${detail}`, { cause: error })
  }

  project.provide('TEST_DATABASE_URL', `postgres://postgres@127.0.0.1:${port}/postgres`)
  return () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

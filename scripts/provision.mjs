// `npm test` needs two Debian packages on the machine: chromium (browser tests) and postgresql (the API suite
// runs on a real PostgreSQL server as well as on PGlite). Install what is missing when we can (root with apt),
// otherwise stop with a message naming what to install. Never skip a suite silently.
import { existsSync, readdirSync } from 'node:fs'
import { execFileSync } from 'node:child_process'

const postgresBinDir = () => {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
  const dir = version && `${root}/${version}/bin`
  return dir && existsSync(`${dir}/initdb`) ? dir : undefined
}

const requirements = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'postgresql', present: () => postgresBinDir() !== undefined },
]

const missing = requirements.filter((r) => !r.present()).map((r) => r.pkg)
if (missing.length === 0) process.exit(0)

const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
if (!canApt) {
  console.error(
    `npm test needs the Debian packages: ${missing.join(' ')}\nInstall them: sudo apt-get install -y ${missing.join(' ')}`,
  )
  process.exit(1)
}

console.log(`Installing Debian packages for the test suites: ${missing.join(' ')}`)
const run = (args) =>
  execFileSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
run(['update', '-qq'])
run(['install', '-y', '-qq', '--no-install-recommends', ...missing])

const stillMissing = requirements.filter((r) => !r.present()).map((r) => r.pkg)
if (stillMissing.length > 0) {
  console.error(`apt-get finished but these are still missing: ${stillMissing.join(' ')}`)
  process.exit(1)
}

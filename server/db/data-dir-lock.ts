// The embedded PGlite database is one process's files: a second server on the same DATA_DIR would corrupt it.
// A pid file refuses the second start with a clear message; a stale file (its process is gone) is taken over.
import fs from 'node:fs'
import path from 'node:path'

export class DataDirInUseError extends Error {}

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'lifeline.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(file, 'utf8'))
      if (isAlive(owner)) {
        throw new DataDirInUseError(
          `Another Lifeline server (pid ${owner}) is using ${dir}. Stop it or choose another DATA_DIR.`,
          { cause: error },
        )
      }
      fs.rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not lock ${dir}`)
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

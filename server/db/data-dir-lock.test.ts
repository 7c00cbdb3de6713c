import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirInUseError, lockDataDir } from './data-dir-lock'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe('lockDataDir', () => {
  it('refuses a second server on a DATA_DIR that a live process holds', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'lifeline.pid'), String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
    expect(() => lockDataDir(dir)).toThrow(`Another Lifeline server (pid ${process.ppid})`)
  })

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'lifeline.pid'), '999999999')
    const unlock = lockDataDir(dir)
    expect(fs.readFileSync(path.join(dir, 'lifeline.pid'), 'utf8')).toBe(String(process.pid))
    unlock()
    expect(fs.existsSync(path.join(dir, 'lifeline.pid'))).toBe(false)
  })
})

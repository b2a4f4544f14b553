import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../bench/lib/servers.mjs'
import { testDatabaseKind } from './test/test-database'

const unitPath = path.resolve(import.meta.dirname, '../../../deploy/doctors-portal.service')

/** A unit file's settings by section; a key given twice (Environment=) keeps every value. */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {}
  let current: Record<string, string[]> = {}
  for (const line of text.split('\n').map((raw) => raw.trim())) {
    if (line === '' || line.startsWith('#')) continue
    const section = /^\[(.+)\]$/.exec(line)
    if (section?.[1]) {
      current = {}
      sections[section[1]] = current
      continue
    }
    const [key = '', ...value] = line.split('=')
    current[key] = [...(current[key] ?? []), value.join('=')]
  }
  return sections
}

const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0

// A text file: checked once, not once per database.
describe.runIf(testDatabaseKind === 'pglite')('deploy/doctors-portal.service', () => {
  const { Service: service = {}, Install: install = {} } = parseUnit(readFileSync(unitPath, 'utf8'))
  const one = (key: string) => {
    expect(service[key], key).toHaveLength(1)
    return service[key]?.[0]
  }

  test('runs the production build as its own user, restarted on failure, with an environment file', () => {
    expect(one('User')).toMatch(/^(?!root$)[a-z][a-z0-9-]*$/)
    expect(one('EnvironmentFile')).toMatch(/^\//)
    expect(one('WorkingDirectory')).toMatch(/^\//)
    // With the flags the soak measured the memory budget under.
    expect(one('ExecStart')).toBe(`/usr/bin/node ${SERVER_NODE_FLAGS.join(' ')} apps/api/dist/server.js`)
    expect(one('Restart')).toBe('on-failure')
    expect(service.Environment).toContain('NODE_ENV=production')
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(service.Environment).toContain(`${name}=${value}`)
    expect(install.WantedBy).toEqual(['multi-user.target'])
  })

  test('keeps its data in its state directory, the only place it may write', () => {
    const dataDir = service.Environment?.find((line) => line.startsWith('DATA_DIR='))?.slice(
      'DATA_DIR='.length,
    )
    expect(dataDir).toBe(`/var/lib/${one('StateDirectory')}`)
    expect(one('StateDirectoryMode')).toBe('0700')
    expect(one('ProtectSystem')).toBe('strict')
    expect(one('ReadWritePaths')).toBe(dataDir)
    expect(one('NoNewPrivileges')).toBe('true')
    expect(one('CapabilityBoundingSet')).toBe('')
  })

  test.runIf(hasSystemdAnalyze)(
    'systemd-analyze verify (where it is installed) finds no unknown key or bad value',
    () => {
      // It warns on stderr and still exits 0; missing users and paths of this machine are not the file's fault.
      const result = spawnSync('systemd-analyze', ['verify', unitPath], { encoding: 'utf8' })
      const problems = result.stderr
        .split('\n')
        .filter((line) => line.includes(unitPath) && !/Failed to resolve|not found|No such file/.test(line))
      expect(problems).toEqual([])
    },
  )
})

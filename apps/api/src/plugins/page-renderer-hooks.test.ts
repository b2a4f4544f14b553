import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'

const ENTRY = path.resolve(import.meta.dirname, '../../../web/dist-server/entry-server.js')

// React's Node build keeps each render in an AsyncLocalStorage. On Node 20 the first one turns on
// an async hook for good, and from then on every promise and tick of every request paid for it
// (decision 0078). The web app renders with React's edge build, which keeps none.
test('rendering a page leaves no async hook turned on', () => {
  expect(existsSync(ENTRY), 'run `npm run build -w @portal/web` first').toBe(true)
  const probe = `
    const hooks = require('internal/async_hooks')
    import(${JSON.stringify(pathToFileURL(ENTRY).href)}).then(async (entry) => {
      const before = hooks.initHooksExist()
      const page = await entry.renderPage('/about', [])
      console.log(JSON.stringify({ rendered: page.html.length > 0, before, after: hooks.initHooksExist() }))
      process.exit() // the page's query cache keeps timers
    })
  `
  const child = spawnSync(process.execPath, ['--expose-internals', '-e', probe], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NODE_ENV: 'production' },
  })
  expect(child.stderr).toBe('')
  expect(JSON.parse(child.stdout)).toEqual({ rendered: true, before: false, after: false })
})

import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from 'vitest'
import { keepTickObjectShape, keptTickObject } from './tick-shape'

test("the object kept is one of Node's tick objects", () => {
  keepTickObjectShape()
  const tick = keptTickObject() as object
  // Node 24 adds a third (kAsyncContextFrame).
  expect(Object.getOwnPropertySymbols(tick).map((symbol) => symbol.description)).toEqual(
    expect.arrayContaining(['async_id_symbol', 'trigger_async_id_symbol']),
  )
  expect(Object.keys(tick)).toEqual(['callback', 'args'])
})

test('a tick made after eight major collections has the shape of the one kept (none was made anew)', () => {
  // V8's own view of shapes (%HaveSameMap), so in a child process with its natives enabled.
  const probe = `
    const { createHook } = await import('node:async_hooks')
    const { keepTickObjectShape, keptTickObject } = await import(${JSON.stringify(path.join(import.meta.dirname, 'tick-shape.ts'))})
    keepTickObjectShape()
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1))
      globalThis.gc()
    }
    let fresh
    const hook = createHook({ init(_id, type, _trigger, resource) { if (type === 'TickObject') fresh ??= resource } }).enable()
    process.nextTick(() => {})
    hook.disable()
    console.log(JSON.stringify({ fresh: fresh !== undefined, sameShape: %HaveSameMap(keptTickObject(), fresh) }))
  `
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', probe],
    { encoding: 'utf8', cwd: import.meta.dirname },
  )
  expect(child.stderr).toBe('')
  expect(JSON.parse(child.stdout)).toEqual({ fresh: true, sameShape: true })
})

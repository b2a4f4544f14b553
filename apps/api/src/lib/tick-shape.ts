import { createHook } from 'node:async_hooks'

let kept: object | undefined

/**
 * Keeps one of Node's tick objects (what `process.nextTick` queues) alive for the life of the
 * process, so that V8 never collects their shape (decision 0078). Each lives a moment; V8 keeps a
 * shape only while an object has it, so every few major collections the shape went and the next
 * tick made it anew. The object literal in Node's `nextTick`, having met several shapes, then took
 * V8's slow path on every tick for the rest of the process, several times a request.
 */
export function keepTickObjectShape(): void {
  if (kept) return
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') kept ??= resource
    },
  }).enable()
  process.nextTick(() => {})
  hook.disable()
}

/** The tick object kept, for the tests. */
export const keptTickObject = (): object | undefined => kept

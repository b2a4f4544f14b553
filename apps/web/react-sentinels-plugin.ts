import type { Plugin } from 'vite'

/**
 * The objects React DOM throws to itself (suspending, hydration mismatch) and compares by identity.
 * It makes them with `Error()` as its module runs; no code of React's reads their stack.
 */
export const REACT_SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const

const SENTINEL = new RegExp(
  `\\b(${REACT_SENTINELS.join('|')}) = Error\\((formatProdErrorMessage\\(\\d+\\))\\)`,
  'g',
)

/**
 * Makes React DOM's sentinels without a stack: objects of Error's prototype, with the same message.
 * Under a DevTools session (Lighthouse's, every trace's) V8 records a full stack, with line and
 * column, for each Error made; for one made as a module runs, that means parsing the whole chunk
 * again, 280–290 ms of a 4×-throttled start (decision 0068). Throws when React's source no longer
 * makes exactly these five, so that a React upgrade brings this back to a person's eyes.
 */
export function stacklessSentinels(code: string): string {
  const found = new Set<string>()
  const rewritten = code.replace(SENTINEL, (_match, name: string, message: string) => {
    found.add(name)
    return `${name} = Object.create(Error.prototype, { message: { value: ${message}, writable: true, configurable: true } })`
  })
  const missing = REACT_SENTINELS.filter((name) => !found.has(name))
  if (missing.length > 0) throw new Error(`react-sentinels: React DOM no longer makes ${missing.join(', ')}`)
  return rewritten
}

export function reactSentinels(): Plugin {
  return {
    name: 'portal:react-sentinels',
    apply: 'build',
    transform: {
      filter: { id: /react-dom-client\.production\.js$/ },
      handler: (code) => ({ code: stacklessSentinels(code), map: null }),
    },
  }
}

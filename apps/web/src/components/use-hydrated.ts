import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * False while the server renders and while the browser hydrates that HTML, true from then on.
 * A form of a server-rendered page keeps its submit button disabled until then: submitted
 * natively, it would put what was typed (a password) in the address.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )

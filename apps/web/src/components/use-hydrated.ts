import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * False while the server renders and while the browser hydrates that HTML, true from then on.
 * A form of a server-rendered page takes no input and cannot be sent until then: its fields would
 * lose what was typed, and sent natively it would put that (a password) in the address.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )

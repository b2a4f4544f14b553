import { useEffect, useState } from 'react'

/**
 * The current instant (ms), renewed every `everyMs`: an appointment that starts while the
 * agenda is open gets its attendance buttons without a reload.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

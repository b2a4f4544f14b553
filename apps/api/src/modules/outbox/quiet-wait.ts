export interface QuietWait {
  /** Something happened: run once it has been quiet for a while. */
  poke(): void
  cancel(): void
}

/**
 * Runs `run` once no poke has come for `quietMs`, and at most `maxWaitMs` after the first poke.
 * Sending mail costs about as much CPU as the booking that wrote it: in a rush of bookings the
 * sender waits until the rush has passed instead of delaying every patient still waiting.
 */
export function whenQuiet(
  run: () => void,
  { quietMs, maxWaitMs }: { quietMs: number; maxWaitMs: number },
): QuietWait {
  let timer: NodeJS.Timeout | undefined
  let firstPokeAt = 0
  return {
    poke() {
      const now = Date.now()
      if (timer === undefined) firstPokeAt = now
      clearTimeout(timer)
      timer = setTimeout(
        () => {
          timer = undefined
          run()
        },
        Math.max(0, Math.min(quietMs, firstPokeAt + maxWaitMs - now)),
      )
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}

/**
 * The days this file's tests booked, by what they booked. A test run again after a failure
 * (E2E_RETRY) finds its first try's booking (and any holiday it added) still on the same server:
 * it books three weeks later instead, inside the 60-day window.
 */
const booked = new Set<string>()

/** `daysAhead` the first time a test asks for `what`, three weeks later each time after. */
export function daysAheadForThisTry(what: string, daysAhead: number): number {
  let days = daysAhead
  while (booked.has(`${what}|${days}`)) days += 21
  booked.add(`${what}|${days}`)
  return days
}

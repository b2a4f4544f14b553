import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { clinicPublicKeys } from '../../../lib/clinic-public-data'
import { userMessage } from '../../../lib/http'
import { appOptionsKeys, bookingKeys, clinicCalendarKeys } from '../../appointment'
import { scheduleKeys } from './get-schedule'

/**
 * Loads again what a schedule change may have changed: this page, the appointment page's closed
 * days and every day's free slots, the bookings lists (a change may cancel some), and the public
 * pages' prices and doctors' specialties.
 */
export function useReloadAfterChange() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [
        scheduleKeys.all,
        clinicCalendarKeys.all,
        appOptionsKeys.all,
        bookingKeys.all,
        clinicPublicKeys.prices,
        clinicPublicKeys.team,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

/** A change that affects no booking: a toast with `success` when done, the server's message when refused. */
export function useScheduleChange<V, R>(
  run: (variables: V) => Promise<R>,
  success: string,
  onSuccess?: (reply: R) => void,
) {
  const reload = useReloadAfterChange()
  return useMutation({
    mutationFn: run,
    onSuccess: (reply) => {
      toast.success(success)
      onSuccess?.(reply)
    },
    onError: (error) => toast.error(userMessage(error)),
    onSettled: reload,
  })
}

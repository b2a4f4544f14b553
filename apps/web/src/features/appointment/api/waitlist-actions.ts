import type { AcceptOfferReply, JoinWaitlistBody, WaitlistEntry } from '@shared/waitlist'
import { WAITLIST_MESSAGES } from '@shared/waitlist-messages'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { useNavigate } from 'react-router'
import { api } from '../../../lib/api-client'
import { userMessage } from '../../../lib/http'
import { BOOKED_MESSAGE } from './create-booking'
import { appOptionsKeys } from './get-app-options'
import { bookingKeys } from './get-my-bookings'
import { waitlistKeys } from './get-my-waitlist'

function useReloadWaitlist() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
      queryClient.invalidateQueries({ queryKey: appOptionsKeys.all }),
    ])
}

/** `POST /api/waitlist`: joins a full day's waitlist; a refusal (already waiting, slots free) is its toast. */
export function useJoinWaitlist(onDone: () => void) {
  const reload = useReloadWaitlist()
  return useMutation({
    mutationFn: (body: JoinWaitlistBody) => api.post<{ entry: WaitlistEntry }>('/api/waitlist', body),
    onSuccess: () => {
      onDone()
      toast.success(WAITLIST_MESSAGES.joined)
    },
    onError: (error) => {
      onDone()
      toast.error(userMessage(error))
    },
    onSettled: reload,
  })
}

/**
 * `POST /api/waitlist/offers/:id/accept`: books the held slot, then shows it on My Appointment.
 * A refusal (the offer ran out, the slot went) stays on the offer page, which shows its message.
 */
export function useAcceptOffer(offerId: string) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const reload = useReloadWaitlist()
  return useMutation({
    mutationFn: () =>
      api.post<AcceptOfferReply>(`/api/waitlist/offers/${encodeURIComponent(offerId)}/accept`),
    onSuccess: () => {
      navigate('/dashboard')
      toast.success(BOOKED_MESSAGE)
    },
    onSettled: () => Promise.all([reload(), queryClient.invalidateQueries({ queryKey: bookingKeys.all })]),
  })
}

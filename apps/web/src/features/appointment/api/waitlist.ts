import {
  type AcceptOfferReply,
  type JoinWaitlistBody,
  type MyWaitlistReply,
  WAITLIST_MESSAGES,
  type WaitlistEntry,
} from '@shared/waitlist'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { api } from '../../../lib/api-client'
import { useAuth } from '../../../lib/auth/auth-context'
import { retryUnlessRefused, userMessage } from '../../../lib/http'
import { BOOKED_MESSAGE } from './create-booking'
import { appOptionsKeys } from './get-app-options'
import { bookingKeys } from './get-my-bookings'

/** The signed-in patient's waitlist entries and offers (decision 0036). */
export const waitlistKeys = {
  all: ['waitlist'] as const,
  mine: (email: string) => [...waitlistKeys.all, 'mine', email] as const,
}

/** `GET /api/me/waitlist` (bearer): my entries, each with its live offer if any. */
export const myWaitlistQueryOptions = (email: string) =>
  queryOptions({
    queryKey: waitlistKeys.mine(email),
    queryFn: () => api.get<MyWaitlistReply>('/api/me/waitlist'),
    retry: retryUnlessRefused,
  })

/** My waitlist; idle while signed out. */
export function useMyWaitlist() {
  const { user } = useAuth()
  return useQuery({ ...myWaitlistQueryOptions(user?.email ?? ''), enabled: Boolean(user) })
}

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

/** `DELETE /api/waitlist/:id`: leaves the waitlist, declining a live offer. */
export function useLeaveWaitlist() {
  const reload = useReloadWaitlist()
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/waitlist/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success(WAITLIST_MESSAGES.left),
    onError: (error) => toast.error(userMessage(error)),
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

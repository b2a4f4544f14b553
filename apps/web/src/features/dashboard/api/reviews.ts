import type { MyReviewListReply, MyReviewReply, ReviewBody } from '@shared/reviews'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { retryUnlessRefused } from '../../../lib/http'

export const myReviewKeys = { all: ['my-reviews'] as const }

/** `GET /api/me/reviews` (bearer): my reviews and the appointments I attended. */
export const myReviewsQueryOptions = () =>
  queryOptions({
    queryKey: myReviewKeys.all,
    queryFn: () => api.get<MyReviewListReply>('/api/me/reviews'),
    retry: retryUnlessRefused,
  })

export const useMyReviews = () => useQuery(myReviewsQueryOptions())

/** `PUT /api/bookings/:id/review` (bearer): writes my review, or changes it within the week. */
export const saveReview = (bookingId: string, body: ReviewBody) =>
  api.put<MyReviewReply>(`/api/bookings/${encodeURIComponent(bookingId)}/review`, body)

export function useSaveReview(bookingId: string, onDone: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ReviewBody) => saveReview(bookingId, body),
    onSuccess: (reply) => {
      onDone()
      toast.success(reply.message)
      return queryClient.invalidateQueries({ queryKey: myReviewKeys.all })
    },
  })
}

import type { AdminReview, AdminReviewListReply, ReviewStatusBody } from '@shared/reviews'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { JUST_FETCHED_MS } from '../../../lib/auth/admin-loader'
import { retryUnlessRefused, userMessage } from '../../../lib/http'
import { publicReviewKeys } from '../../../lib/public-reviews'

export const moderationKeys = { all: ['review-moderation'] as const }

/** `GET /api/admin/reviews` (admin): pending first, then the most recently changed. */
export const moderationQueryOptions = () =>
  queryOptions({
    queryKey: moderationKeys.all,
    queryFn: () => api.get<AdminReviewListReply>('/api/admin/reviews'),
    retry: retryUnlessRefused,
    staleTime: JUST_FETCHED_MS,
  })

export const useModeration = () => useQuery(moderationQueryOptions())

/** `PUT /api/reviews/:id/status` (admin): approved or hidden, audited by the server. */
export const moderateReview = (id: string, status: ReviewStatusBody['status']) =>
  api.put<AdminReview>(`/api/reviews/${encodeURIComponent(id)}/status`, { status })

/** The answer replaces the review where it stands; the public lists are asked for again. */
export function useModerate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReviewStatusBody['status'] }) =>
      moderateReview(id, status),
    onSuccess: (changed) => {
      queryClient.setQueryData<AdminReviewListReply>(moderationKeys.all, (list) =>
        list ? { reviews: list.reviews.map((r) => (r._id === changed._id ? changed : r)) } : list,
      )
      toast.success(changed.status === 'approved' ? 'Review approved' : 'Review hidden')
      return queryClient.invalidateQueries({ queryKey: publicReviewKeys.all })
    },
    onError: (error) => toast.error(userMessage(error)),
  })
}

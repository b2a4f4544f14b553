import type { PageQuery } from '@shared/page-data'
import type { PublicReviewListReply } from '@shared/reviews'
import { queryOptions } from '@tanstack/react-query'
import { fetchJson, retryUnlessRefused } from './http'

export const publicReviewKeys = { all: ['public-reviews'] as const }

export const publicReviewsPageQuery: PageQuery = { queryKey: publicReviewKeys.all, path: '/api/reviews' }

/** `GET /api/reviews`: approved reviews, newest first, each with the patient's first name only. */
export const publicReviewsQueryOptions = () =>
  queryOptions({
    queryKey: publicReviewKeys.all,
    queryFn: () => fetchJson<PublicReviewListReply>(publicReviewsPageQuery.path),
    retry: retryUnlessRefused,
  })

/** Fewer real reviews than this and the spec's three testimonial cards are still shown (decision 0032). */
export const REAL_REVIEWS_TO_REPLACE_SPEC_CARDS = 3

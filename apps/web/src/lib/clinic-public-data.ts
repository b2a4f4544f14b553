import type { PricesReply } from '@shared/clinic'
import type { TeamReply } from '@shared/doctors'
import type { PageQuery } from '@shared/page-data'
import { queryOptions } from '@tanstack/react-query'
import { fetchJson, retryUnlessRefused } from './http'

/**
 * What the public pages show of the clinic's own data (decision 0030). The dashboard pages that
 * change it invalidate these keys, so a fee or a doctor changed there is what Home, About and
 * Team show next.
 */
export const clinicPublicKeys = {
  prices: ['clinic-public', 'prices'] as const,
  team: ['clinic-public', 'team'] as const,
}

export const pricesPageQuery: PageQuery = { queryKey: clinicPublicKeys.prices, path: '/api/prices' }
export const teamPageQuery: PageQuery = { queryKey: clinicPublicKeys.team, path: '/api/team' }

/** `GET /api/prices`: the treatments offered now, with their fees in TK. */
export const pricesQueryOptions = () =>
  queryOptions({
    queryKey: clinicPublicKeys.prices,
    queryFn: () => fetchJson<PricesReply>(pricesPageQuery.path),
    retry: retryUnlessRefused,
  })

/** `GET /api/team`: the clinic's doctors, without their e-mail addresses. */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: clinicPublicKeys.team,
    queryFn: () => fetchJson<TeamReply>(teamPageQuery.path),
    retry: retryUnlessRefused,
  })

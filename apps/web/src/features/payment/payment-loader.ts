import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { prefetchableEmail } from '../../lib/auth/signed-in-loader'
import { bookingQueryOptions } from '../appointment'
import { paymentConfigQueryOptions } from './api/get-payment-config'

/**
 * The route loader of /dashboard/payment/:id (spec section 2: the booking is loaded before the
 * screen shows). The navigation waits for the booking and the payment settings; a failure is
 * left to the page, which shows it with a way to try again. Signed out, or while a page load is
 * still restoring the session, nothing is asked: the page asks itself once signed in.
 */
export const paymentLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs): Promise<null> => {
    if (!params.id || !prefetchableEmail()) return null
    await Promise.all([
      queryClient.prefetchQuery(paymentConfigQueryOptions()),
      queryClient.prefetchQuery(bookingQueryOptions(params.id)),
    ])
    return null
  }

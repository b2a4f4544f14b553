import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { AuthProvider } from '../lib/auth/auth-provider'
import { queryClient } from '../lib/query-client'

// Spec section 9: toasts close after 1000 ms.
const TOAST_DURATION_MS = 1000

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster toastOptions={{ duration: TOAST_DURATION_MS }} />
    </QueryClientProvider>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { useAuth } from '../../lib/auth/auth-context'
import { usePageTitle } from '../../lib/use-page-title'
import { accountKeys } from './api/get-sessions'
import { DeleteAccount } from './delete-account'
import { DisplayNameForm } from './display-name-form'
import { DownloadData } from './download-data'
import { EmailSection } from './email-section'
import { ChangePasswordForm } from './password-form'
import { SessionsSection } from './sessions-section'

/** The signed-in user's own settings, for patients and admins alike. */
export function AccountPage() {
  usePageTitle('Account')
  const { user } = useAuth()
  const queryClient = useQueryClient()
  // The dashboard layout renders this page only for a signed-in user.
  if (!user) return null

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Account</h1>
      <DisplayNameForm displayName={user.displayName} />
      <EmailSection email={user.email} verified={user.emailVerified} />
      <ChangePasswordForm
        onChanged={() => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() })}
      />
      <SessionsSection />
      <DownloadData />
      <DeleteAccount />
    </div>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { ProfileBody } from '@shared/accounts'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast/headless'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useAuth } from '../../lib/auth/auth-context'
import { fieldBinder } from '../../lib/form-field'
import { userMessage } from '../../lib/http'
import { AccountSection } from './account-section'

export const NAME_SAVED_MESSAGE = 'Your name has been saved.'

/** `PATCH /api/auth/profile`: the name shown in the menu and on new bookings. */
export function DisplayNameForm({ displayName }: { displayName: string }) {
  const { updateProfile } = useAuth()
  const form = useForm({ resolver: zodResolver(ProfileBody), defaultValues: { displayName } })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form

  const onSubmit = handleSubmit(async (body) => {
    try {
      await updateProfile(body.displayName)
      toast.success(NAME_SAVED_MESSAGE)
    } catch (error) {
      toast.error(userMessage(error))
    }
  })

  return (
    <AccountSection title="Display name">
      <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
        <TextField label="Name" autoComplete="name" {...field('displayName')} />
        <SubmitButton pending={isSubmitting}>Save name</SubmitButton>
      </form>
    </AccountSection>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { ChangePasswordBody } from '@shared/me'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast/headless'
import { z } from 'zod'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'
import { userMessage } from '../../lib/http'
import { PASSWORD_HINT } from '../../lib/password-hint'
import { AccountSection } from './account-section'
import { changePassword } from './api/change-password'

const PasswordForm = ChangePasswordBody.extend({ confirmPassword: z.string() }).refine(
  (form) => form.confirmPassword === form.newPassword,
  { path: ['confirmPassword'], error: 'The two new passwords are not the same.' },
)

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** Changing the password signs the other devices out; this one stays. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const form = useForm({ resolver: zodResolver(PasswordForm), defaultValues: EMPTY })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const reply = await changePassword({ currentPassword, newPassword })
      setOutcome({ ok: true, message: reply.message })
      toast.success(reply.message)
      reset(EMPTY)
      onChanged()
    } catch (error) {
      setOutcome({ ok: false, message: userMessage(error) })
    }
  })

  return (
    <AccountSection title="Password">
      <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...field('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        {outcome ? (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={`alert alert-soft ${outcome.ok ? 'alert-success' : 'alert-error'}`}
          >
            {outcome.message}
          </p>
        ) : null}
        <SubmitButton pending={isSubmitting}>Change password</SubmitButton>
      </form>
    </AccountSection>
  )
}

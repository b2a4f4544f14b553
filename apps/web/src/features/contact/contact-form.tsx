import { zodResolver } from '@hookform/resolvers/zod'
import { ContactMessageBody } from '@shared/messages'
import { CircleAlert, CircleCheck, Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { TextAreaField, TextField } from '../../components/text-field'
import { useHydrated } from '../../components/use-hydrated'
import { CLINIC_EMAIL, CLINIC_PHONE, CLINIC_PHONE_HREF } from '../../content/clinic'
import { fieldBinder } from '../../lib/form-field'
import { userMessage } from '../../lib/http'
import { sendContactMessage } from './api/send-message'

type Outcome = { sent: boolean; text: string }

/**
 * Spec section 2's form, delivered (decision 0029): the message is stored for the admins and
 * mailed to the clinic. The outcome is announced and focused, so it is read whatever it says.
 */
export function ContactForm() {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const hydrated = useHydrated()
  const notice = useRef<HTMLDivElement>(null)
  const form = useForm({
    resolver: zodResolver(ContactMessageBody),
    defaultValues: { email: '', subject: '', message: '' },
  })
  const field = fieldBinder(form)
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form

  // Once the outcome is on the page: focused before it is rendered, it would be missed.
  useEffect(() => {
    if (outcome) notice.current?.focus()
  }, [outcome])

  const onSubmit = handleSubmit(async (body) => {
    try {
      setOutcome({ sent: true, text: (await sendContactMessage(body)).message })
      reset()
    } catch (error) {
      setOutcome({ sent: false, text: userMessage(error) })
    }
  })

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mx-auto mt-14 max-w-2xl space-y-4"
      aria-labelledby="contact-form-title"
    >
      <h3 id="contact-form-title" className="text-center text-2xl font-bold">
        Send us a message
      </h3>
      <TextField
        label="Email"
        type="email"
        placeholder="Email Address"
        autoComplete="email"
        {...field('email')}
      />
      <TextField label="Subject" placeholder="Subject" {...field('subject')} />
      <TextAreaField label="Message" placeholder="Your Message" rows={6} {...field('message')} />
      <div className="text-center">
        <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting || !hydrated}>
          {isSubmitting ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <Send className="size-5" aria-hidden="true" />
          )}
          Submit
        </button>
      </div>
      <div aria-live="polite">
        {outcome && (
          <div
            ref={notice}
            tabIndex={-1}
            role="status"
            className={`alert alert-soft ${outcome.sent ? 'alert-success' : 'alert-error'}`}
          >
            {outcome.sent ? (
              <CircleCheck className="size-6 shrink-0" aria-hidden="true" />
            ) : (
              <CircleAlert className="size-6 shrink-0" aria-hidden="true" />
            )}
            <p>
              {outcome.text}
              {outcome.sent ? null : <OtherWays />}
            </p>
          </div>
        )}
      </div>
    </form>
  )
}

/** A message that could not be sent is kept in the form; the visitor may still reach the clinic. */
function OtherWays() {
  return (
    <>
      {' '}
      You can also call us on{' '}
      <a href={CLINIC_PHONE_HREF} className="link font-semibold">
        {CLINIC_PHONE}
      </a>{' '}
      or e-mail{' '}
      <a href={`mailto:${CLINIC_EMAIL}`} className="link font-semibold">
        {CLINIC_EMAIL}
      </a>
      .
    </>
  )
}

import { Info, Send } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { CLINIC_EMAIL, CLINIC_PHONE, CLINIC_PHONE_HREF } from '../../content/clinic'

const fieldClass = 'input input-bordered w-full'

/**
 * Spec section 2: submitting sends nothing. A form that silently does nothing misleads people, so
 * after submit the visitor is told how to reach the clinic instead.
 */
export function ContactForm() {
  const [submitted, setSubmitted] = useState(false)
  const notice = useRef<HTMLDivElement>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    requestAnimationFrame(() => notice.current?.focus())
  }

  return (
    <form
      onSubmit={onSubmit}
      className="mx-auto mt-14 max-w-2xl space-y-4"
      aria-labelledby="contact-form-title"
    >
      <h3 id="contact-form-title" className="text-center text-2xl font-bold">
        Send us a message
      </h3>
      <label className="block">
        <span className="mb-1 block font-medium">Email</span>
        <input
          type="email"
          name="email"
          placeholder="Email Address"
          autoComplete="email"
          className={fieldClass}
        />
      </label>
      <label className="block">
        <span className="mb-1 block font-medium">Subject</span>
        <input type="text" name="subject" placeholder="Subject" className={fieldClass} />
      </label>
      <label className="block">
        <span className="mb-1 block font-medium">Message</span>
        <textarea
          name="message"
          placeholder="Your Message"
          rows={6}
          className="textarea textarea-bordered w-full"
        />
      </label>
      <div className="text-center">
        <button type="submit" className="btn btn-primary btn-lg">
          <Send className="size-5" aria-hidden="true" />
          Submit
        </button>
      </div>
      <div aria-live="polite">
        {submitted && (
          <div ref={notice} tabIndex={-1} role="status" className="alert alert-info">
            <Info className="size-6 shrink-0" aria-hidden="true" />
            <p>
              Your message was not sent: this form cannot deliver messages yet. Please call us on{' '}
              <a href={CLINIC_PHONE_HREF} className="link font-semibold">
                {CLINIC_PHONE}
              </a>{' '}
              or e-mail{' '}
              <a href={`mailto:${CLINIC_EMAIL}`} className="link font-semibold">
                {CLINIC_EMAIL}
              </a>
              .
            </p>
          </div>
        )}
      </div>
    </form>
  )
}

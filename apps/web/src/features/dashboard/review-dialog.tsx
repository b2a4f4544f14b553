import { zodResolver } from '@hookform/resolvers/zod'
import type { Booking } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'
import { type MyReview, REVIEW_EDIT_DAYS, ReviewBody } from '@shared/reviews'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { ModalDialog } from '../../components/modal-dialog'
import { SubmitButton } from '../../components/submit-button'
import { TextAreaField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'
import { userMessage } from '../../lib/http'
import { useSaveReview } from './api/reviews'

type ReviewDialogProps = { booking: Booking; review: MyReview | undefined; onClose: () => void }

const STARS = [5, 4, 3, 2, 1] as const

/**
 * The patient's rating and words about an attended appointment (decision 0032): a radio group of
 * stars, each with its label, and the text. A change is shown again only after approval.
 */
export function ReviewDialog({ booking, review, onClose }: ReviewDialogProps) {
  const save = useSaveReview(booking._id, onClose)
  const ratingError = useId()
  // The radios set the rating as a number themselves: react-hook-form reads a registered radio
  // group as text, which the shared schema refuses. A new review has no star chosen for the patient.
  const form = useForm<ReviewBody>({
    resolver: zodResolver(ReviewBody),
    defaultValues: { rating: review?.rating, text: review?.text ?? '' },
  })
  const chooseRating = (stars: number) =>
    form.setValue('rating', stars, { shouldValidate: form.formState.isSubmitted })
  const field = fieldBinder(form)
  const error = form.formState.errors.rating?.message
  const onSubmit = form.handleSubmit((body) => save.mutate(body))

  return (
    <ModalDialog title={review ? 'Edit your review' : 'Leave a review'} onClose={onClose}>
      <p>
        <strong>{booking.treatmentName}</strong> on {formatMediumDate(booking.appointmentDate)}. The clinic
        reads every review before it appears on the Reviews page, with your first name only. You can change it
        for {REVIEW_EDIT_DAYS} days.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <fieldset aria-describedby={error ? ratingError : undefined}>
          <legend className="mb-2 font-medium">Rating</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {STARS.map((stars) => (
              <label key={stars} className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-primary"
                  name="rating"
                  value={stars}
                  defaultChecked={review?.rating === stars}
                  aria-invalid={error ? true : undefined}
                  onChange={() => chooseRating(stars)}
                />
                {stars === 1 ? '1 star' : `${stars} stars`}
              </label>
            ))}
          </div>
          {error ? (
            <p id={ratingError} className="mt-1 text-sm text-error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField label="Your review" rows={5} {...field('text')} />
        {save.isError ? (
          <p role="alert" className="text-error">
            {userMessage(save.error)}
          </p>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
          <SubmitButton variant="dialog" pending={save.isPending}>
            {review ? 'Save changes' : 'Send review'}
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}

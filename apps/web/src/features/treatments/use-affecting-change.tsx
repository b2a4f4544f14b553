import type { AffectedBookings, AffectedOutcome, ImpactReply } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import toast from 'react-hot-toast/headless'
import { ApiError, userMessage } from '../../lib/http'
import { AffectedBookingsDialog } from './affected-bookings-dialog'
import { useReloadAfterChange } from './api/use-schedule-change'

/** A change that may leave upcoming appointments without their treatment, slot or open day. */
export interface AffectingChange {
  title: string
  description: string
  /** Ask before a change that affects no booking too, with this button; without it, such a change is made at once. */
  confirm?: string
  impact: () => Promise<ImpactReply>
  apply: (choice?: AffectedBookings) => Promise<{ affected: AffectedOutcome }>
  /** The toast when done. */
  success: string
  /** Called once the change is made (a form empties itself). */
  done?: () => void
}

type Asking = { change: AffectingChange; impact: ImpactReply; error?: string }

/**
 * Counts the appointments first (the change's impact route); when there are any, or the change
 * wants a confirmation, the dialog asks. Should a booking arrive between the count and the change,
 * the server refuses with BOOKINGS_AFFECTED and the dialog asks again with the new count. A refund
 * the provider refused (REFUND_FAILED: the change was not made) is shown in the dialog, which
 * asks again with the new count (refunds made before it stay made) so that the admin can retry.
 */
export function useAffectingChange() {
  const [asking, setAsking] = useState<Asking | null>(null)
  const [counting, setCounting] = useState(false)
  const reload = useReloadAfterChange()
  const apply = useMutation({
    mutationFn: ({ change, choice }: { change: AffectingChange; choice?: AffectedBookings }) =>
      change.apply(choice),
    onSuccess: ({ affected }, { change }) => {
      setAsking(null)
      change.done?.()
      const outcome = M.outcome(affected)
      toast.success(outcome ? `${change.success}: ${outcome}` : change.success)
    },
    onError: (error, { change }) => {
      if (error instanceof ApiError && error.code === 'BOOKINGS_AFFECTED') return ask(change)
      if (error instanceof ApiError && error.code === 'REFUND_FAILED') return ask(change, userMessage(error))
      setAsking(null)
      toast.error(userMessage(error))
    },
    onSettled: reload,
  })

  async function ask(change: AffectingChange, error?: string) {
    setCounting(true)
    try {
      const impact = await change.impact()
      if (impact.bookings === 0 && !change.confirm && !error) apply.mutate({ change })
      else setAsking({ change, impact, ...(error ? { error } : {}) })
    } catch (error) {
      toast.error(userMessage(error))
    } finally {
      setCounting(false)
    }
  }

  const dialog = asking ? (
    <AffectedBookingsDialog
      title={asking.change.title}
      description={asking.change.description}
      confirm={asking.change.confirm ?? 'Save'}
      impact={asking.impact}
      error={asking.error}
      pending={apply.isPending}
      onChoose={(choice) => apply.mutate({ change: asking.change, choice })}
      onClose={() => setAsking(null)}
    />
  ) : null
  return { ask, dialog, busy: counting || apply.isPending }
}

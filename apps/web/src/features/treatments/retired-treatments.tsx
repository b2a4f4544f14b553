import type { AdminTreatment } from '@shared/schedule'
import { feeText } from '../../lib/fee-text'

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' })

/** Retired treatments stay for the appointments booked with them; listed apart, folded away. */
export function RetiredTreatments({ treatments }: { treatments: AdminTreatment[] }) {
  if (treatments.length === 0) return null
  return (
    <details className="mt-6 rounded-box border border-base-300 p-4">
      <summary className="cursor-pointer font-semibold">Retired treatments ({treatments.length})</summary>
      <ul className="mt-3 flex flex-col gap-2">
        {treatments.map((t) => (
          <li key={t._id} className="flex flex-wrap justify-between gap-x-4 text-base-content/80">
            <span className="break-words font-medium">{t.name}</span>
            <span>
              {feeText(t.price)} · retired {t.retiredAt ? dateOf(t.retiredAt) : ''}
            </span>
          </li>
        ))}
      </ul>
    </details>
  )
}

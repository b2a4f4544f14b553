import type { ContactMessage } from '@shared/messages'
import { CircleCheck, Mail } from 'lucide-react'

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

type MessageCardProps = {
  message: ContactMessage
  busy: boolean
  onMark: (handled: boolean) => void
}

/** One visitor's message: who wrote, when, what; a reply link; and whether someone handled it. */
export function MessageCard({ message, busy, onMark }: MessageCardProps) {
  const handled = message.handledAt !== null
  const titleId = `message-${message._id}`
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-box border p-4 ${handled ? 'border-base-300 bg-base-200' : 'border-primary bg-base-100'}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="break-words font-semibold text-lg">
            {message.subject}
          </h2>
          <p className="text-sm">
            From{' '}
            <a href={reply} className="link link-primary break-all">
              {message.email}
            </a>{' '}
            ·{' '}
            <time dateTime={message.receivedAt} className="whitespace-nowrap">
              {when.format(new Date(message.receivedAt))}
            </time>
          </p>
        </div>
        <span className={`badge ${handled ? 'badge-success' : 'badge-primary'}`}>
          {handled ? 'Handled' : 'Open'}
        </span>
      </header>
      <p className="mt-3 whitespace-pre-wrap break-words">{message.message}</p>
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-base-content/80">
          {handled && message.handledAt
            ? `Handled by ${message.handledBy ?? 'a former admin'} on ${when.format(new Date(message.handledAt))}`
            : 'Not answered yet'}
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={reply} className="btn btn-sm btn-outline">
            <Mail className="size-4" aria-hidden="true" />
            Reply
          </a>
          <button
            type="button"
            className={`btn btn-sm ${handled ? 'btn-ghost' : 'btn-success'}`}
            disabled={busy}
            aria-describedby={titleId}
            onClick={() => onMark(!handled)}
          >
            {handled ? null : <CircleCheck className="size-4" aria-hidden="true" />}
            {handled ? 'Reopen' : 'Mark handled'}
          </button>
        </div>
      </footer>
    </article>
  )
}

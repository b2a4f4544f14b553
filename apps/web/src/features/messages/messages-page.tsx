import { DashboardHeading } from '../../components/dashboard-heading'
import { LoadFailed, Loading } from '../../components/load-states'
import { usePageTitle } from '../../lib/use-page-title'
import { useMarkHandled, useMessages } from './api/messages'
import { MessageCard } from './message-card'

/** What visitors wrote through the contact form (decision 0029): open ones first. */
export function MessagesPage() {
  usePageTitle('Messages')
  const inbox = useMessages()
  const mark = useMarkHandled()
  const open = inbox.data?.messages.filter((m) => m.handledAt === null).length ?? 0

  return (
    <>
      <DashboardHeading>Messages</DashboardHeading>
      {inbox.data ? (
        <>
          <p className="my-4 text-base-content/80">
            {open === 1 ? '1 open message' : `${open} open messages`}, newest first; reply by e-mail, then
            mark the message handled.
          </p>
          {inbox.data.messages.length > 0 ? (
            <ul className="flex flex-col gap-3">
              {inbox.data.messages.map((message) => (
                <li key={message._id}>
                  <MessageCard
                    message={message}
                    busy={mark.isPending && mark.variables?.id === message._id}
                    onMark={(handled) => mark.mutate({ id: message._id, handled })}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-box border border-base-300 p-6 text-center text-base-content/80">
              No messages yet. What visitors send from the Contact page appears here.
            </p>
          )}
        </>
      ) : inbox.isError ? (
        <LoadFailed what="The messages" error={inbox.error} onRetry={() => inbox.refetch()} />
      ) : (
        <Loading label="Loading the messages…" />
      )}
    </>
  )
}

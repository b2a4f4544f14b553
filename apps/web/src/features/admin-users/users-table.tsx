import type { UserListItem } from '@shared/users'
import { useMakeAdmin, useRemoveAdmin } from './api/change-user'

type UsersTableProps = {
  users: UserListItem[]
  /** The signed-in admin's id: no Remove Admin or Delete on their own row. */
  myId: string | undefined
  onDelete: (user: UserListItem) => void
}

/*
 * Below the `sm` breakpoint each row is a card whose cells stack, each led by its column's name
 * (`data-label`), as on My Appointment: every field and action shows on a phone without
 * scrolling sideways.
 */
const CELL =
  'max-sm:flex max-sm:min-h-10 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]'

/** Spec sections 2 and 4: all users with name, e-mail and role, and e-mail verified (issue 13). */
export function UsersTable({ users, myId, onDelete }: UsersTableProps) {
  const make = useMakeAdmin()
  const remove = useRemoveAdmin()
  const busy = (user: UserListItem) =>
    (make.isPending && make.variables?._id === user._id) ||
    (remove.isPending && remove.variables?._id === user._id)

  return (
    <section
      aria-label="Users"
      className="sm:overflow-x-auto sm:rounded-box sm:border sm:border-base-300"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user scrolls the table sideways on a tablet
      tabIndex={0}
    >
      <table className="table max-sm:block">
        <thead className="bg-base-200 text-base-content max-sm:sr-only">
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Email verified</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
          {users.map((user, index) => {
            const isMe = user._id === myId
            return (
              <tr
                key={user._id}
                className="max-sm:block max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:px-4 max-sm:py-2"
              >
                <th scope="row" className="max-sm:hidden">
                  {index + 1}
                </th>
                <td data-label="Name" className={`font-medium ${CELL}`}>
                  <span className="break-words max-sm:text-right">
                    <span>{user.name}</span>
                    {isMe ? <span className="badge badge-outline badge-sm ms-2">You</span> : null}
                  </span>
                </td>
                <td data-label="Email" className={CELL}>
                  <span className="max-sm:break-all max-sm:text-right sm:break-words">{user.email}</span>
                </td>
                <td data-label="Role" className={CELL}>
                  {user.role === 'admin' ? (
                    <span className="badge badge-primary">admin</span>
                  ) : (
                    <span>patient</span>
                  )}
                </td>
                <td data-label="Email verified" className={CELL}>
                  {user.emailVerified ? <span className="badge badge-success">Yes</span> : <span>No</span>}
                </td>
                <td data-label="Actions" className={`${CELL} ${isMe ? 'max-sm:hidden' : ''}`}>
                  <span className="flex flex-wrap justify-end gap-2 sm:flex-nowrap sm:justify-start">
                    {user.role !== 'admin' ? (
                      <ActionButton
                        label="Make Admin"
                        user={user}
                        disabled={busy(user)}
                        onClick={() => make.mutate(user)}
                      />
                    ) : isMe ? null : (
                      <ActionButton
                        label="Remove Admin"
                        tone="neutral"
                        user={user}
                        disabled={busy(user)}
                        onClick={() => remove.mutate(user)}
                      />
                    )}
                    {isMe ? null : (
                      <ActionButton label="Delete" tone="danger" user={user} onClick={() => onDelete(user)} />
                    )}
                  </span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

const TONES = {
  primary: 'btn-primary',
  neutral: 'btn-outline',
  danger: 'btn-outline btn-error',
}

type ActionButtonProps = {
  label: string
  user: UserListItem
  tone?: keyof typeof TONES
  disabled?: boolean
  onClick: () => void
}

/** The visible label, and whose row it acts on for a screen reader ('Make Admin Farhana Akter'). */
function ActionButton({ label, user, tone = 'primary', disabled = false, onClick }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm whitespace-nowrap ${TONES[tone]}`}
      disabled={disabled}
      aria-label={`${label} ${user.name}`}
      onClick={onClick}
    >
      {label}
    </button>
  )
}

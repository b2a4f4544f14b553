import type { UserListItem } from '@shared/users'
import { CARD_CELL, CARD_ROW, CardTable } from '../../components/card-table'
import { useMakeAdmin, useRemoveAdmin } from './api/change-user'

type UsersTableProps = {
  users: UserListItem[]
  /** The signed-in admin's id: no Remove Admin or Delete on their own row. */
  myId: string | undefined
  onDelete: (user: UserListItem) => void
}

/** Spec sections 2 and 4: all users with name, e-mail and role, and e-mail verified (decision 0019). */
export function UsersTable({ users, myId, onDelete }: UsersTableProps) {
  const make = useMakeAdmin()
  const remove = useRemoveAdmin()
  const busy = (user: UserListItem) =>
    (make.isPending && make.variables?._id === user._id) ||
    (remove.isPending && remove.variables?._id === user._id)

  return (
    <CardTable label="Users" columns={['#', 'Name', 'Email', 'Role', 'Email verified', 'Actions']}>
      {users.map((user, index) => {
        const isMe = user._id === myId
        return (
          <tr key={user._id} className={CARD_ROW}>
            <th scope="row" className="max-sm:hidden">
              {index + 1}
            </th>
            <td data-label="Name" className={`font-medium ${CARD_CELL}`}>
              <span className="break-words max-sm:text-right">
                <span>{user.name}</span>
                {isMe ? <span className="badge badge-outline badge-sm ms-2">You</span> : null}
              </span>
            </td>
            <td data-label="Email" className={CARD_CELL}>
              <span className="max-sm:break-all max-sm:text-right sm:break-words">{user.email}</span>
            </td>
            <td data-label="Role" className={CARD_CELL}>
              {user.role === 'admin' ? (
                <span className="badge badge-primary">admin</span>
              ) : (
                <span>patient</span>
              )}
            </td>
            <td data-label="Email verified" className={CARD_CELL}>
              {user.emailVerified ? <span className="badge badge-success">Yes</span> : <span>No</span>}
            </td>
            <td data-label="Actions" className={`${CARD_CELL} ${isMe ? 'max-sm:hidden' : ''}`}>
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
    </CardTable>
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

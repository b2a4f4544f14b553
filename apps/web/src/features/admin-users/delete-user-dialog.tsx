import type { UserListItem } from '@shared/users'
import { ModalDialog } from '../../components/modal-dialog'
import { useDeleteUser } from './api/change-user'

type DeleteUserDialogProps = { user: UserListItem; onClose: () => void }

/** Asks before deleting, naming the user; the deletion cannot be undone. */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const remove = useDeleteUser(onClose)
  return (
    <ModalDialog title={`Delete ${user.name}?`} onClose={onClose}>
      <p className="break-words">
        <strong>{user.name}</strong> ({user.email}) is signed out everywhere and can no longer sign in.
      </p>
      <p className="mt-2">
        Their upcoming unpaid appointments are cancelled and paid ones refunded in full; the slots are offered
        to other patients. Their name, e-mail and phone numbers are erased, and past visits stay in the
        clinic's records without them. This cannot be undone.
      </p>
      <div className="modal-action flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Keep User
        </button>
        <button
          type="button"
          className="btn btn-error"
          disabled={remove.isPending}
          onClick={() => remove.mutate(user)}
        >
          {remove.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Delete User
        </button>
      </div>
    </ModalDialog>
  )
}

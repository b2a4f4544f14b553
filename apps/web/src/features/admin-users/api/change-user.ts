import type { DeleteUserReply, MakeAdminReply, UserListItem } from '@shared/users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { userMessage } from '../../../lib/http'
import { adminUserKeys } from './get-users'

/** Spec section 8, word for word. */
export const ADMIN_MADE_MESSAGE = 'Admin Make Successfully'
export const ADMIN_REMOVED_MESSAGE = 'Admin Removed Successfully'
export const USER_DELETED_MESSAGE = 'User Deleted Successfully'

const userPath = (id: string) => encodeURIComponent(id)

/** `PUT /api/users/admin/:id` (the spec's Make Admin); answers how many accounts changed. */
export const makeAdmin = async (user: UserListItem) =>
  (await api.put<MakeAdminReply>(`/api/users/admin/${userPath(user._id)}`)).admin.modifiedCount

/** `DELETE /api/users/admin/:id`: never yourself, never the last admin (the server says why). */
export const removeAdmin = async (user: UserListItem) =>
  (await api.delete<MakeAdminReply>(`/api/users/admin/${userPath(user._id)}`)).admin.modifiedCount

/** `DELETE /api/users/:id`: deactivates the account, its upcoming bookings cancelled or refunded. */
export const deleteUser = async (user: UserListItem) =>
  (await api.delete<DeleteUserReply>(`/api/users/${userPath(user._id)}`)).user.deletedCount

type Change = (user: UserListItem) => Promise<number>

/**
 * One change to a user from the list: a success toast when something changed (spec section 4:
 * modifiedCount above 0), the server's message when refused, and the list loaded again either way.
 */
function useUserChange(change: Change, success: string, onDone?: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: (changed) => {
      onDone?.()
      if (changed > 0) toast.success(success)
    },
    onError: (error) => {
      onDone?.()
      toast.error(userMessage(error))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  })
}

export const useMakeAdmin = () => useUserChange(makeAdmin, ADMIN_MADE_MESSAGE)
export const useRemoveAdmin = () => useUserChange(removeAdmin, ADMIN_REMOVED_MESSAGE)
export const useDeleteUser = (onDone: () => void) => useUserChange(deleteUser, USER_DELETED_MESSAGE, onDone)

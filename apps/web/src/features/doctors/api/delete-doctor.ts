import { type DeleteDoctorReply, DOCTOR_MESSAGES } from '@shared/doctors'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { userMessage } from '../../../lib/http'
import { reloadDoctors } from './get-doctors'

/** `DELETE /api/doctors/:id` (admin): the doctor and its stored photo. */
export const deleteDoctor = (id: string) =>
  api.delete<DeleteDoctorReply>(`/api/doctors/${encodeURIComponent(id)}`)

/**
 * 'Confirm Delete' (spec section 4): deletedCount above 0 is success; 0 means someone else removed
 * the doctor first. Either way the dialog closes and the list is loaded again.
 */
export function useDeleteDoctor(onDone: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDoctor,
    onSuccess: ({ doctor }) => {
      onDone()
      if (doctor.deletedCount > 0) toast.success(DOCTOR_MESSAGES.removed)
      else toast.error(DOCTOR_MESSAGES.notFound)
    },
    onError: (error) => {
      onDone()
      toast.error(userMessage(error))
    },
    onSettled: () => reloadDoctors(queryClient),
  })
}

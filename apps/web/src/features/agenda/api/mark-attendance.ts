import type { AgendaReply, Attendance, AttendanceReply } from '@shared/agenda'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { userMessage } from '../../../lib/http'
import { agendaKeys } from './get-agenda'

export const ATTENDANCE_MESSAGES = {
  attended: 'Marked as attended',
  no_show: 'Marked as no-show',
  cleared: 'Attendance cleared',
} as const

/** `PUT /api/agenda/:bookingId/attendance` (admin); null takes a mark back. */
export const markAttendance = (bookingId: string, attendance: Attendance | null) =>
  api.put<AttendanceReply>(`/api/agenda/${encodeURIComponent(bookingId)}/attendance`, { attendance })

/**
 * The mark goes into the cached day at once from the server's answer, so the buttons show it;
 * a refusal (too early, cancelled) is the server's message in a toast.
 */
export function useMarkAttendance(date: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ bookingId, attendance }: { bookingId: string; attendance: Attendance | null }) =>
      markAttendance(bookingId, attendance),
    onSuccess: ({ booking }) => {
      queryClient.setQueryData<AgendaReply>(
        agendaKeys.day(date),
        (day) => day && { ...day, bookings: day.bookings.map((b) => (b._id === booking._id ? booking : b)) },
      )
      toast.success(ATTENDANCE_MESSAGES[booking.attendance ?? 'cleared'])
    },
    onError: (error) => toast.error(userMessage(error)),
  })
}

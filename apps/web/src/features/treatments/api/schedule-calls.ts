import type {
  AddHolidayBody,
  AddSlotBody,
  AffectedBookings,
  ClosedWeekdaysReply,
  CreateTreatmentBody,
  HolidayReply,
  ImpactReply,
  RemoveSlotReply,
  RetireTreatmentReply,
  SlotReply,
  TreatmentReply,
  UpdateTreatmentBody,
} from '@shared/schedule'
import { api } from '../../../lib/api-client'

const id = encodeURIComponent
const choice = (affected: AffectedBookings | undefined) => (affected ? `?affectedBookings=${affected}` : '')

/** The admins' schedule routes (decision 0019); a change affecting upcoming bookings takes the admin's choice. */
export const scheduleCalls = {
  createTreatment: (body: CreateTreatmentBody) => api.post<TreatmentReply>('/api/schedule/treatments', body),
  updateTreatment: (treatmentId: string, body: UpdateTreatmentBody) =>
    api.patch<TreatmentReply>(`/api/schedule/treatments/${id(treatmentId)}`, body),
  retireImpact: (treatmentId: string) =>
    api.get<ImpactReply>(`/api/schedule/treatments/${id(treatmentId)}/impact`),
  retireTreatment: (treatmentId: string, affected?: AffectedBookings) =>
    api.delete<RetireTreatmentReply>(`/api/schedule/treatments/${id(treatmentId)}${choice(affected)}`),
  addSlot: (treatmentId: string, body: AddSlotBody) =>
    api.post<SlotReply>(`/api/schedule/treatments/${id(treatmentId)}/slots`, body),
  slotImpact: (slotId: string) => api.get<ImpactReply>(`/api/schedule/slots/${id(slotId)}/impact`),
  removeSlot: (slotId: string, affected?: AffectedBookings) =>
    api.delete<RemoveSlotReply>(`/api/schedule/slots/${id(slotId)}${choice(affected)}`),
  weekdaysImpact: (weekdays: number[]) =>
    api.get<ImpactReply>(`/api/schedule/closed-weekdays/impact?weekdays=${weekdays.join(',')}`),
  saveWeekdays: (weekdays: number[], affectedBookings?: AffectedBookings) =>
    api.put<ClosedWeekdaysReply>('/api/schedule/closed-weekdays', { weekdays, affectedBookings }),
  holidayImpact: (date: string) => api.get<ImpactReply>(`/api/schedule/holidays/${id(date)}/impact`),
  addHoliday: (body: AddHolidayBody) => api.post<HolidayReply>('/api/schedule/holidays', body),
  removeHoliday: (date: string) => api.delete<void>(`/api/schedule/holidays/${id(date)}`),
}

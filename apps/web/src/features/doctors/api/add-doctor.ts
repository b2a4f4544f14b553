import type { CreateDoctorBody, Doctor, UpdateDoctorBody } from '@shared/doctors'
import { IMAGE_FIELD, type ImageUploadReply } from '@shared/images'
import { api } from '../../../lib/api-client'

/** `POST /api/images` (admin, multipart): stores the photo and answers with its URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData()
  form.append(IMAGE_FIELD, file)
  return (await api.post<ImageUploadReply>('/api/images', form)).data.url
}

/** `POST /api/doctors` (admin): the doctor, with the URL of a photo uploaded first. */
export const addDoctor = (body: CreateDoctorBody) => api.post<Doctor>('/api/doctors', body)

/** `PUT /api/doctors/:id` (admin): every field of the doctor, the photo's URL kept or a new upload's. */
export const updateDoctor = (id: string, body: UpdateDoctorBody) =>
  api.put<Doctor>(`/api/doctors/${encodeURIComponent(id)}`, body)

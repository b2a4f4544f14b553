import { zodResolver } from '@hookform/resolvers/zod'
import { DOCTOR_MESSAGES } from '@shared/doctors'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { SelectField, TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'
import { ApiError, userMessage } from '../../lib/http'
import { AddDoctorFields, fieldOfError } from './add-doctor-fields'
import { addDoctor, uploadImage } from './api/add-doctor'
import { doctorKeys } from './api/get-doctors'
import { PhotoField } from './photo-field'

const BUTTON_LABEL = { idle: 'Add Doctor', upload: 'Uploading photo…', save: 'Adding doctor…' }

/**
 * Spec sections 4 and 7: the photo is uploaded first, then the doctor is saved with its URL. A
 * photo already uploaded is not sent again when only the other fields change after a refusal.
 */
export function AddDoctorForm({ specialties }: { specialties: readonly string[] }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const uploaded = useRef<{ file: File; url: string } | null>(null)
  const [stage, setStage] = useState<keyof typeof BUTTON_LABEL>('idle')
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(AddDoctorFields),
    defaultValues: { name: '', email: '', specialty: specialties[0] ?? '' },
  })
  const field = fieldBinder(form)
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form

  async function photoUrl(file: File): Promise<string> {
    if (uploaded.current?.file === file) return uploaded.current.url
    setStage('upload')
    const url = await uploadImage(file)
    uploaded.current = { file, url }
    return url
  }

  const onSubmit = handleSubmit(async ({ photo, ...fields }) => {
    setFailure(null)
    try {
      const image = await photoUrl(photo)
      setStage('save')
      await addDoctor({ ...fields, image })
      toast.success(DOCTOR_MESSAGES.added)
      void queryClient.invalidateQueries({ queryKey: doctorKeys.list() })
      navigate('/dashboard/managedoctors')
    } catch (error) {
      setStage('idle')
      if (error instanceof ApiError && error.code === 'IMAGE_NOT_OURS') uploaded.current = null
      // A specialty refused as unknown was retired meanwhile: the list is loaded again.
      if (error instanceof ApiError && error.code === 'SPECIALTY_UNKNOWN')
        void queryClient.invalidateQueries({ queryKey: doctorKeys.specialties() })
      const field = fieldOfError(error)
      if (field) setError(field, { message: userMessage(error) }, { shouldFocus: true })
      else setFailure(userMessage(error))
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
      <SelectField label="Specialty" options={specialties} {...field('specialty')} />
      <Controller
        control={control}
        name="photo"
        render={({ field, fieldState }) => (
          <PhotoField
            name={field.name}
            file={field.value}
            error={fieldState.error?.message}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        )}
      />
      {failure ? (
        <p role="alert" className="alert alert-error alert-soft">
          {failure}
        </p>
      ) : null}
      <SubmitButton pending={isSubmitting}>{BUTTON_LABEL[stage]}</SubmitButton>
    </form>
  )
}

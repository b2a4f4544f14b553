import { zodResolver } from '@hookform/resolvers/zod'
import { DOCTOR_MESSAGES, type Doctor } from '@shared/doctors'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import toast from 'react-hot-toast/headless'
import { SubmitButton } from '../../components/submit-button'
import { SelectField, TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'
import { ApiError, userMessage } from '../../lib/http'
import { addDoctor, updateDoctor, uploadImage } from './api/add-doctor'
import { doctorKeys, reloadDoctors } from './api/get-doctors'
import { AddDoctorFields, EditDoctorFields, fieldOfError } from './doctor-fields'
import { PhotoField } from './photo-field'

const BUTTON_LABELS = {
  add: { idle: 'Add Doctor', upload: 'Uploading photo…', save: 'Adding doctor…' },
  edit: { idle: 'Save Doctor', upload: 'Uploading photo…', save: 'Saving doctor…' },
}

type DoctorFormProps = {
  specialties: readonly string[]
  /** The doctor to edit; without one the form adds a doctor. */
  doctor?: Doctor
  onSaved: () => void
}

/**
 * Spec sections 4 and 7: the photo is uploaded first, then the doctor is saved with its URL. A
 * photo already uploaded is not sent again when only the other fields change after a refusal.
 * Editing (decision 0030) keeps the doctor's photo unless another is chosen.
 */
export function DoctorForm({ specialties, doctor, onSaved }: DoctorFormProps) {
  const queryClient = useQueryClient()
  const uploaded = useRef<{ file: File; url: string } | null>(null)
  const [stage, setStage] = useState<'idle' | 'upload' | 'save'>('idle')
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<AddDoctorFields | EditDoctorFields>({
    resolver: zodResolver(doctor ? EditDoctorFields : AddDoctorFields),
    defaultValues: {
      name: doctor?.name ?? '',
      email: doctor?.email ?? '',
      specialty: doctor?.specialty ?? specialties[0] ?? '',
    },
  })
  const field = fieldBinder(form)
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form

  async function photoUrl(file: File | undefined): Promise<string> {
    if (!file) return doctor?.image ?? ''
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
      if (doctor) await updateDoctor(doctor._id, { ...fields, image })
      else await addDoctor({ ...fields, image })
      toast.success(doctor ? DOCTOR_MESSAGES.saved : DOCTOR_MESSAGES.added)
      void reloadDoctors(queryClient)
      onSaved()
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
            current={doctor ? { url: doctor.image, name: doctor.name } : undefined}
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
      <SubmitButton pending={isSubmitting}>{BUTTON_LABELS[doctor ? 'edit' : 'add'][stage]}</SubmitButton>
    </form>
  )
}

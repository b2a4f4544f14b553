import { IMAGE_MAX_BYTES } from '@shared/images'
import { type Ref, useEffect, useId, useState } from 'react'
import { isPhotoType, PHOTO_ACCEPT } from './doctor-fields'

/** An object URL of the chosen image while it is chosen; revoked when it changes or the field goes. */
function usePreviewUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file || !isPhotoType(file)) {
      setUrl(null)
      return
    }
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return url
}

type PhotoFieldProps = {
  name: string
  file: File | undefined
  /** The photo the doctor shows now, kept unless another file is chosen. */
  current?: { url: string; name: string }
  error: string | undefined
  onChange: (file: File | undefined) => void
  onBlur: () => void
  inputRef: Ref<HTMLInputElement>
}

/** The doctor's photo: a file input with its error and hint, and a preview of the chosen image. */
export function PhotoField({ name, file, current, error, onChange, onBlur, inputRef }: PhotoFieldProps) {
  const id = useId()
  const preview = usePreviewUrl(file)
  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        Photo
      </label>
      <input
        id={id}
        ref={inputRef}
        name={name}
        type="file"
        accept={PHOTO_ACCEPT}
        className={`file-input w-full ${error ? 'file-input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.files?.[0])}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-base-content/75">
        A JPEG, PNG or WebP image of up to {IMAGE_MAX_BYTES / 1024 / 1024} MB.
        {current ? ' Leave it empty to keep the current photo.' : null}
      </p>
      {current && !preview ? (
        <img
          src={current.url}
          alt={`${current.name}, as shown now`}
          width={128}
          height={128}
          className="mt-2 size-32 rounded-box border border-base-300 object-cover"
        />
      ) : null}
      {file && preview ? (
        <img
          src={preview}
          alt={`Preview of ${file.name}`}
          width={128}
          height={128}
          className="mt-2 size-32 rounded-box border border-base-300 object-cover"
        />
      ) : null}
    </div>
  )
}

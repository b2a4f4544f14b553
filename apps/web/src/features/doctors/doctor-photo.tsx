import type { Doctor } from '@shared/doctors'
import { imageSrcSet } from '@shared/images'

/** A doctor's stored photo, square and lazily loaded, named by the doctor (spec section 4). */
export function DoctorPhoto({ doctor, size }: { doctor: Doctor; size: number }) {
  return (
    <img
      src={doctor.image}
      srcSet={imageSrcSet(doctor.image)}
      sizes={`${size}px`}
      alt={doctor.name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-full bg-base-200 object-cover"
      style={{ width: size, height: size }}
    />
  )
}

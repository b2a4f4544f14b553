import type { Doctor } from '@shared/doctors'

/** A doctor's stored photo, square and lazily loaded, named by the doctor (spec section 4). */
export function DoctorPhoto({ doctor, size }: { doctor: Doctor; size: number }) {
  return (
    <img
      src={doctor.image}
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

import type { WaitlistEntry } from '@shared/waitlist'

/** A signed-in patient with a verified email, as the waitlist's pages ask for. */
export const signedInPatient = {
  uid: 'u1',
  displayName: 'Pat Patient',
  email: 'pat@example.test',
  emailVerified: true,
}

/** A day waited for on Teeth Cleaning, with no slot held yet unless `fields` give an offer. */
export function waitlistEntry(fields: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    _id: 'e1',
    treatmentId: 't1',
    treatmentName: 'Teeth Cleaning',
    date: '2026-06-12',
    offer: null,
    ...fields,
  }
}

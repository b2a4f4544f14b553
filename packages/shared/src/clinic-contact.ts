/*
 * How to reach the clinic: the site's tiles and cards and the messages that send a patient to
 * the front desk all read it here. Spec section 2: static sample data (555 numbers and .example
 * are reserved). No zod, so that pages which only show it do not load the schemas' library.
 */

export const CLINIC_ADDRESS = 'New York - 101010 Hudson'
export const OPENING_HOURS = '8.00AM to 6.00PM'
export const CLINIC_PHONE = '+1 (212) 555-0147'
export const CLINIC_PHONE_HREF = 'tel:+12125550147'
export const CLINIC_EMAIL = 'care@doctors-portal.example'

/** Where a message says 'contact the clinic', the number and the hours it answers. */
export const CALL_THE_CLINIC = `call the clinic on ${CLINIC_PHONE} (${OPENING_HOURS})`

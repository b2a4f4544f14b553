import { PASSWORD_MIN_LENGTH } from '@shared/accounts'

/** The register form's password rules (spec section 5), said before they are broken. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a lowercase and an uppercase letter, a digit and one of !@#$%^&*.`

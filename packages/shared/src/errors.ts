import { z } from 'zod'

/** Every API error answers with this body; the message is written for the person using the app. */
export const ErrorReply = z.object({ message: z.string() })
export type ErrorReply = z.infer<typeof ErrorReply>

export const GENERIC_ERROR_MESSAGE = 'Something went wrong'

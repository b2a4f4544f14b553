/** Every payment query's key: the settings, and the client secret of each booking being paid. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  intent: (bookingId: string) => [...paymentKeys.all, 'intent', bookingId] as const,
}

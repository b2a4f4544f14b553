export * from './accounts'
export * from './bookings'
export * from './clinic'
export * from './outbox'

/** A treatment's fee as every screen shows it: '1500 TK', or 'No fee' for a treatment without one. */
export const feeText = (price: number | null) => (price === null ? 'No fee' : `${price} TK`)

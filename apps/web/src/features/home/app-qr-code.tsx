import { renderSVG } from 'uqr'

// Where the code leads: the booking page of the site that served it (works on any host).
const bookingUrl = () => new URL('/appointment', window.location.origin).href

/** A real, scannable QR code, drawn in the browser; loaded only when the banner comes near (dynamic import). */
export function AppQrCode() {
  const url = bookingUrl()
  const svg = renderSVG(url, {
    border: 2,
    pixelSize: 6,
    blackColor: '#1e293b',
    whiteColor: '#ffffff',
    ecc: 'M',
  })
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={160}
      height={160}
      alt={`QR code: scan it to open the appointment page (${url}) on your phone`}
      data-testid="app-qr-code"
      className="size-40 rounded-lg bg-white"
    />
  )
}

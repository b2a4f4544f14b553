// Building blocks of the clinic's flat illustrations: one palette, a few reusable figures.
export const c = {
  teal: '#0f766e',
  tealMid: '#14b8a6',
  tealLight: '#99f6e4',
  tealPale: '#ccfbf1',
  mist: '#f0fdfa',
  cyan: '#0e7490',
  sky: '#e0f2fe',
  amber: '#fbbf24',
  amberPale: '#fef3c7',
  ink: '#1e293b',
  slate: '#64748b',
  line: '#cbd5e1',
  white: '#ffffff',
  rose: '#fb7185',
}

export const skins = ['#f1c9a5', '#e0ac69', '#c68642', '#8d5524']
export const hairs = ['#2d1b10', '#4a3728', '#111827', '#a16207']

const TOOTH =
  'M21 11c-6.5 0-11 5-11 12.5 0 5.5 2.6 8.6 3.8 13.6C15.4 44 16.6 54 21.5 54c4.2 0 4.4-7.6 5.9-12.4.9-3 2-4.3 4.6-4.3s3.7 1.3 4.6 4.3C38.1 46.4 38.3 54 42.5 54c4.9 0 6.1-10 7.7-16.9 1.2-5 3.8-8.1 3.8-13.6C54 16 49.5 11 43 11c-5 0-7.6 3-11 3s-6-3-11-3z'

/** A whole SVG document; `title` is for tools that open the file on its own (the page sets alt). */
export function svg(width, height, title, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${title}</title>${body}</svg>\n`
}

export function tooth(x, y, size, { fill = c.white, stroke = c.teal, width = 2.5 } = {}) {
  const s = size / 64
  return `<path d="${TOOTH}" transform="translate(${x} ${y}) scale(${s})" fill="${fill}" stroke="${stroke}" stroke-width="${width / s}" stroke-linejoin="round"/>`
}

/** A tooth with a friendly face. */
export function happyTooth(x, y, size, options) {
  const s = size / 64
  const face = `<g transform="translate(${x} ${y}) scale(${s})" fill="${c.ink}"><circle cx="24" cy="27" r="2.6"/><circle cx="40" cy="27" r="2.6"/><path d="M25 34q7 6 14 0" fill="none" stroke="${c.ink}" stroke-width="2.4" stroke-linecap="round"/><circle cx="19" cy="33" r="2.5" fill="${c.rose}" opacity=".45"/><circle cx="45" cy="33" r="2.5" fill="${c.rose}" opacity=".45"/></g>`
  return tooth(x, y, size, options) + face
}

export function sparkle(x, y, r, fill = c.amber) {
  const q = r * 0.28
  return `<path d="M${x} ${y - r}Q${x + q} ${y - q} ${x + r} ${y}Q${x + q} ${y + q} ${x} ${y + r}Q${x - q} ${y + q} ${x - r} ${y}Q${x - q} ${y - q} ${x} ${y - r}z" fill="${fill}"/>`
}

export const circle = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`
export const rect = (x, y, w, h, rx, fill, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${extra}/>`

/**
 * A person from the waist up, standing at (x, y) = top of the head, `s` = scale (1 ≈ 100 px tall head to waist 260).
 * role 'doctor' wears a white coat and a stethoscope, 'nurse' teal scrubs, 'patient' a casual top.
 */
export function person(
  x,
  y,
  s,
  { skin = skins[0], hair = hairs[0], role = 'doctor', top = c.sky, long = false } = {},
) {
  const coat = role === 'doctor' ? c.white : role === 'nurse' ? c.tealMid : top
  const longHair = long ? `<path d="M-34 10q-6 60 6 78h56q12-18 6-78z" fill="${hair}"/>` : ''
  const stetho =
    role === 'doctor'
      ? `<path d="M-22 98q-4 50 22 56q26-6 22-56" fill="none" stroke="${c.ink}" stroke-width="4"/><circle cx="0" cy="156" r="8" fill="${c.slate}"/>`
      : ''
  const lapel =
    role === 'doctor'
      ? `<path d="M-18 96l18 44 18-44" fill="${c.sky}" stroke="${c.line}" stroke-width="2"/>`
      : ''
  return `<g transform="translate(${x} ${y}) scale(${s})">${longHair}
<rect x="-12" y="62" width="24" height="30" fill="${skin}"/>
<path d="M-70 260v-110q0-56 70-62q70 6 70 62v110z" fill="${coat}" stroke="${c.line}" stroke-width="2"/>${lapel}${stetho}
<ellipse cx="0" cy="36" rx="32" ry="38" fill="${skin}"/>
<path d="M-33 30q-2-40 33-42q35 2 33 42q-10-22-33-22t-33 22z" fill="${hair}"/>
<circle cx="-12" cy="38" r="3.4" fill="${c.ink}"/><circle cx="12" cy="38" r="3.4" fill="${c.ink}"/>
<path d="M-11 54q11 9 22 0" fill="none" stroke="${c.ink}" stroke-width="3" stroke-linecap="round"/></g>`
}

/** A dental chair seen from the side, its seat at (x, y). */
export function dentalChair(x, y, s = 1, fill = c.tealMid) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
<rect x="-10" y="30" width="20" height="70" fill="${c.slate}"/><rect x="-70" y="96" width="140" height="14" rx="7" fill="${c.ink}"/>
<rect x="-90" y="0" width="170" height="34" rx="17" fill="${fill}"/>
<path d="M70 10l70-110" stroke="${fill}" stroke-width="34" stroke-linecap="round"/>
<path d="M-80 14l-60 40" stroke="${fill}" stroke-width="26" stroke-linecap="round"/></g>`
}

/** The overhead examination lamp: arm from (x, y) to the lamp head. */
export function lamp(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0v40h-90" fill="none" stroke="${c.slate}" stroke-width="8" stroke-linecap="round"/>
<ellipse cx="-110" cy="52" rx="40" ry="20" fill="${c.ink}"/><ellipse cx="-110" cy="58" rx="30" ry="10" fill="${c.amberPale}"/>
<path d="M-140 66l-30 90h120l-30-90z" fill="${c.amberPale}" opacity=".45"/></g>`
}

export function plant(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
<path d="M0 0q-40-40-20-90q20 40 20 90zM0 0q40-50 26-100q-30 40-26 100zM0 0q-10-60 8-120q16 60-8 120z" fill="${c.tealMid}"/>
<path d="M-26 0h52l-8 50h-36z" fill="${c.amber}"/></g>`
}

export function windowPane(x, y, w, h) {
  return `${rect(x, y, w, h, 10, c.sky, `stroke="${c.white}" stroke-width="10"`)}<path d="M${x + w / 2} ${y}v${h}M${x} ${y + h / 2}h${w}" stroke="${c.white}" stroke-width="8"/>
<circle cx="${x + w * 0.72}" cy="${y + h * 0.3}" r="${Math.min(w, h) * 0.12}" fill="${c.amberPale}"/>`
}

/** A monitor on a stand with `screen` drawn inside a 200 × 120 box. */
export function monitor(x, y, s, screen) {
  return `<g transform="translate(${x} ${y}) scale(${s})">${rect(0, 0, 220, 140, 12, c.ink)}${rect(10, 10, 200, 120, 6, c.ink)}
<g transform="translate(10 10)">${screen}</g><rect x="95" y="140" width="30" height="40" fill="${c.slate}"/>${rect(60, 176, 100, 12, 6, c.slate)}</g>`
}

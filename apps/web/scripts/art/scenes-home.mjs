import {
  c,
  circle,
  dentalChair,
  hairs,
  happyTooth,
  lamp,
  person,
  plant,
  rect,
  skins,
  sparkle,
  svg,
  tooth,
} from './shapes.mjs'

const calendarCard = (x, y, s) => `<g transform="translate(${x} ${y}) scale(${s})">
${rect(0, 0, 200, 180, 18, c.white, `stroke="${c.line}" stroke-width="3"`)}${rect(0, 0, 200, 46, 18, c.teal)}${rect(0, 28, 200, 18, 0, c.teal)}
${[0, 1, 2, 3]
  .flatMap((row) =>
    [0, 1, 2, 3, 4].map((col) =>
      rect(18 + col * 34, 62 + row * 28, 26, 20, 5, row === 2 && col === 3 ? c.amber : c.tealPale),
    ),
  )
  .join('')}
${circle(40, 22, 8, c.white)}${circle(160, 22, 8, c.white)}</g>`

export const hero = svg(
  640,
  560,
  'A smiling tooth and a dentist',
  `${circle(330, 290, 250, c.tealPale)}${circle(520, 110, 60, c.amberPale)}
${happyTooth(70, 170, 300, { stroke: c.teal, width: 5 })}
${sparkle(90, 150, 26)}${sparkle(360, 170, 18)}${sparkle(120, 470, 14, c.tealMid)}
${person(470, 200, 1.15, { skin: skins[1], hair: hairs[1], long: true })}
${calendarCard(400, 40, 0.7)}
${rect(300, 470, 190, 60, 30, c.white, `stroke="${c.line}" stroke-width="3"`)}${circle(332, 500, 18, c.teal)}
<path d="M324 500l6 6 11-12" fill="none" stroke="${c.white}" stroke-width="4" stroke-linecap="round"/>
${rect(360, 488, 110, 10, 5, c.tealLight)}${rect(360, 506, 70, 8, 4, c.line)}`,
)

const serviceBase = (title, body) => svg(240, 180, title, `${circle(120, 90, 80, c.tealPale)}${body}`)

export const services = {
  'fluoride-treatment': serviceBase(
    'A tooth protected by a shield',
    `${tooth(56, 34, 110)}<path d="M150 66l30 12v26q0 26-30 38q-30-12-30-38v-26z" fill="${c.teal}"/>
<path d="M150 86q10 14 0 26q-10-12 0-26z" fill="${c.tealLight}"/>`,
  ),
  'cavity-filling': serviceBase(
    'A tooth with a neat filling',
    `${tooth(65, 30, 110)}<path d="M100 70q14-12 30 0q-4 16-15 16t-15-16z" fill="${c.cyan}"/>
<path d="M168 40l-34 38" stroke="${c.slate}" stroke-width="6" stroke-linecap="round"/>${circle(172, 36, 7, c.amber)}`,
  ),
  'teeth-whitening': serviceBase(
    'A shining white tooth',
    `${tooth(65, 30, 110, { fill: c.white })}${sparkle(70, 48, 18)}${sparkle(178, 62, 14)}${sparkle(168, 128, 10, c.tealMid)}
<path d="M92 64q8-10 20-8" fill="none" stroke="${c.tealLight}" stroke-width="6" stroke-linecap="round"/>`,
  ),
}

export const treatmentPromo = svg(
  640,
  520,
  'A dentist treating a relaxed patient in the dental chair',
  `${circle(320, 280, 230, c.tealPale)}${rect(40, 470, 560, 14, 7, c.line)}
${lamp(420, 20, 1)}${dentalChair(300, 360, 1.1)}
${person(420, 130, 1.05, { skin: skins[2], hair: hairs[2] })}
<g transform="translate(140 290) rotate(-58)">${person(0, 0, 0.62, { role: 'patient', top: c.amber, skin: skins[0], hair: hairs[3] })}</g>
${plant(90, 430, 0.8)}${sparkle(560, 90, 16)}`,
)

export const appointmentPromo = svg(
  600,
  480,
  'A calendar with a booked visit and a clock',
  `${circle(300, 240, 210, 'rgba(255,255,255,.14)')}${calendarCard(110, 90, 1.55)}
${circle(440, 330, 80, c.white)}${circle(440, 330, 68, c.amberPale)}
<path d="M440 330v-44M440 330l30 18" stroke="${c.ink}" stroke-width="8" stroke-linecap="round"/>${sparkle(120, 70, 18)}${sparkle(520, 170, 14)}`,
)

const pricingBase = (title, body) => svg(96, 96, title, `${circle(48, 48, 46, c.tealPale)}${body}`)

export const pricing = {
  essentials: pricingBase(
    'A clipboard with a tooth',
    `${rect(26, 18, 44, 60, 6, c.white, `stroke="${c.teal}" stroke-width="3"`)}${rect(38, 13, 20, 10, 3, c.teal)}${tooth(33, 30, 30)}`,
  ),
  cosmetic: pricingBase(
    'A sparkling tooth',
    `${tooth(22, 20, 52)}${sparkle(70, 26, 10)}${sparkle(26, 70, 7, c.tealMid)}`,
  ),
  hygiene: pricingBase(
    'A toothbrush',
    `<path d="M24 74l44-44" stroke="${c.teal}" stroke-width="9" stroke-linecap="round"/>${rect(56, 16, 24, 14, 3, c.white, `stroke="${c.cyan}" stroke-width="3" transform="rotate(45 68 23)"`)}${circle(30, 36, 6, c.tealLight)}${circle(40, 24, 4, c.tealLight)}`,
  ),
  surgery: pricingBase(
    'A tooth and a medical cross',
    `${tooth(14, 24, 46)}${circle(66, 62, 18, c.teal)}<path d="M66 52v20M56 62h20" stroke="${c.white}" stroke-width="6" stroke-linecap="round"/>`,
  ),
}

export const doctor = svg(
  520,
  560,
  'A doctor ready for a video consultation on a phone',
  `${circle(260, 300, 230, c.tealPale)}${person(250, 120, 1.55, { skin: skins[3], hair: hairs[2] })}
${rect(330, 330, 120, 200, 18, c.ink)}${rect(340, 346, 100, 164, 10, c.sky)}${person(390, 376, 0.32, { role: 'patient', top: c.amber })}
${rect(30, 60, 150, 70, 35, c.white, `stroke="${c.line}" stroke-width="3"`)}<text x="105" y="106" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="32" fill="${c.teal}">24/7</text>
<path d="M440 60l34 14v30q0 30-34 44q-34-14-34-44v-30z" fill="${c.teal}"/>${rect(428, 92, 24, 20, 4, c.white)}<path d="M432 92v-8a8 8 0 0 1 16 0v8" fill="none" stroke="${c.white}" stroke-width="4"/>`,
)

export const phone = svg(
  260,
  480,
  'The Doctors Portal app on a phone',
  `${rect(10, 10, 240, 460, 36, c.ink)}${rect(24, 40, 212, 404, 16, c.mist)}${rect(100, 22, 60, 8, 4, c.slate)}
${rect(24, 40, 212, 70, 16, c.teal)}${tooth(40, 54, 40, { stroke: c.white, fill: c.white })}${rect(92, 64, 110, 12, 6, c.tealLight)}${rect(92, 84, 70, 10, 5, c.tealLight)}
${[0, 1, 2]
  .map(
    (i) =>
      `${rect(40, 130 + i * 92, 180, 76, 12, c.white, `stroke="${c.line}" stroke-width="2"`)}${circle(72, 168 + i * 92, 18, i === 1 ? c.amber : c.tealPale)}${rect(100, 152 + i * 92, 100, 10, 5, c.line)}${rect(100, 172 + i * 92, 64, 10, 5, c.tealLight)}`,
  )
  .join('')}`,
)

const badge = (title, icon, small, big) =>
  svg(
    180,
    54,
    title,
    `${rect(1, 1, 178, 52, 10, c.ink, `stroke="${c.slate}" stroke-width="2"`)}${icon}
<text x="56" y="22" font-family="sans-serif" font-size="10" fill="${c.white}">${small}</text><text x="56" y="42" font-family="sans-serif" font-weight="700" font-size="18" fill="${c.white}">${big}</text>`,
  )

export const badges = {
  'app-store': badge(
    'Download on the App Store',
    `${rect(18, 10, 22, 34, 5, 'none', `stroke="${c.white}" stroke-width="3"`)}${circle(29, 38, 2, c.white)}`,
    'Download on the',
    'App Store',
  ),
  'google-play': badge(
    'Get it on Google Play',
    `<path d="M18 10l26 17-26 17z" fill="${c.tealMid}"/><path d="M18 10l16 17-16 17" fill="${c.amber}"/>`,
    'GET IT ON',
    'Google Play',
  ),
}

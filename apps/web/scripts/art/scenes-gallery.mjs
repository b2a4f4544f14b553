import {
  c,
  circle,
  dentalChair,
  hairs,
  lamp,
  monitor,
  person,
  plant,
  rect,
  skins,
  sparkle,
  svg,
  tooth,
  windowPane,
} from './shapes.mjs'

const W = 1200
const H = 800
const room = (wall) =>
  `${rect(0, 0, W, H, 0, wall)}${rect(0, 600, W, 200, 0, c.tealPale)}${rect(0, 592, W, 12, 0, c.line)}`
const frame = (x, y, w, h, inner) =>
  `${rect(x, y, w, h, 8, c.white, `stroke="${c.slate}" stroke-width="6"`)}<g transform="translate(${x} ${y})">${inner}</g>`

const xrayScreen = `${rect(0, 0, 200, 120, 4, '#0b1220')}
${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => tooth(14 + i * 22, 24, 22, { fill: '#cbd5e1', stroke: '#94a3b8', width: 1 })).join('')}
${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<g transform="translate(${36 + i * 22} 100) rotate(180)">${tooth(0, 0, 22, { fill: '#cbd5e1', stroke: '#94a3b8', width: 1 })}</g>`).join('')}`

export const gallery = {
  reception: svg(
    W,
    H,
    'The bright reception desk of the clinic',
    `${room(c.mist)}${windowPane(80, 120, 300, 260)}${rect(760, 110, 300, 90, 16, c.teal)}${tooth(790, 124, 60, { fill: c.white, stroke: c.white })}
<text x="870" y="170" font-family="sans-serif" font-weight="700" font-size="40" fill="${c.white}">Welcome</text>
${person(720, 300, 1.05, { role: 'nurse', skin: skins[1], hair: hairs[0], long: true })}
${rect(460, 470, 560, 150, 20, c.white, `stroke="${c.line}" stroke-width="4"`)}${rect(460, 470, 560, 30, 14, c.tealMid)}
${monitor(820, 360, 0.6, rect(0, 0, 200, 120, 4, c.sky))}${plant(260, 600, 1.4)}${plant(1110, 600, 1)}`,
  ),
  'treatment-room': svg(
    W,
    H,
    'A modern treatment room with a dental chair and an overhead lamp',
    `${room(c.sky)}${windowPane(820, 110, 280, 240)}${lamp(640, 0, 1.6)}${dentalChair(520, 470, 1.6)}
${monitor(120, 200, 0.9, `${rect(0, 0, 200, 120, 4, c.mist)}${tooth(70, 20, 70)}`)}
${rect(880, 440, 220, 160, 14, c.white, `stroke="${c.line}" stroke-width="4"`)}${rect(900, 470, 180, 12, 6, c.line)}${rect(900, 520, 180, 12, 6, c.line)}${plant(160, 600, 1.2)}`,
  ),
  'digital-x-ray': svg(
    W,
    H,
    'A dentist reviewing a digital panoramic X-ray on a screen',
    `${room(c.mist)}${monitor(430, 140, 1.9, xrayScreen)}${person(230, 250, 1.25, { skin: skins[0], hair: hairs[3], long: true })}
${plant(1050, 600, 1.3)}${sparkle(1000, 160, 24)}`,
  ),
  instruments: svg(
    W,
    H,
    'A tray of sterilised dental instruments',
    `${rect(0, 0, W, H, 0, c.tealPale)}${rect(170, 220, 860, 420, 40, c.white, `stroke="${c.line}" stroke-width="6"`)}
${[0, 1, 2, 3, 4]
  .map((i) => {
    const x = 290 + i * 150
    const heads = [
      circle(x, 300, 26, c.sky, `stroke="${c.slate}" stroke-width="6"`),
      `<path d="M${x} 290q20-10 10 30" fill="none" stroke="${c.slate}" stroke-width="8" stroke-linecap="round"/>`,
      rect(x - 14, 276, 28, 46, 10, c.cyan),
      `<path d="M${x - 14} 280l14 40 14-40" fill="${c.slate}"/>`,
      circle(x, 300, 18, c.amber),
    ]
    return `${rect(x - 9, 320, 18, 260, 9, c.slate)}${heads[i]}`
  })
  .join('')}${sparkle(1080, 160, 30)}${sparkle(120, 680, 22, c.tealMid)}`,
  ),
  'waiting-room': svg(
    W,
    H,
    'A calm waiting room with a sofa, plants and framed smiles',
    `${room(c.amberPale)}${frame(200, 130, 220, 160, tooth(70, 40, 80))}${frame(500, 100, 200, 220, `${circle(100, 110, 60, c.tealPale)}${sparkle(100, 110, 40)}`)}
${frame(780, 140, 220, 160, `${circle(110, 80, 50, c.sky)}`)}
${rect(260, 430, 680, 120, 40, c.teal)}${rect(230, 400, 80, 210, 30, c.teal)}${rect(890, 400, 80, 210, 30, c.teal)}${rect(300, 520, 600, 90, 20, c.tealMid)}
${rect(300, 440, 180, 80, 20, c.amber)}${plant(110, 600, 1.5)}${plant(1090, 600, 1.5)}`,
  ),
}

export const about = svg(
  640,
  520,
  'A dentist and a happy patient showing a new smile',
  `${circle(320, 290, 230, c.tealPale)}${person(220, 130, 1.15, { skin: skins[2], hair: hairs[1], long: true })}
${person(430, 170, 1.0, { role: 'patient', top: c.amber, skin: skins[0], hair: hairs[3] })}${sparkle(540, 120, 22)}${sparkle(120, 120, 16)}${tooth(480, 40, 60)}`,
)

export const emergency = svg(
  560,
  420,
  'A tooth with a bandage next to a phone ready to call the clinic',
  `${circle(280, 210, 190, 'rgba(255,255,255,.16)')}${tooth(130, 90, 220)}${rect(160, 160, 160, 34, 12, c.amberPale, `transform="rotate(-20 240 177)"`)}
${rect(360, 150, 120, 210, 20, c.ink)}${rect(372, 170, 96, 160, 10, c.sky)}${circle(420, 250, 30, c.rose)}<path d="M420 232v36M402 250h36" stroke="${c.white}" stroke-width="8" stroke-linecap="round"/>`,
)

// Writes the site's illustrations, portraits and Open Graph card into public/images (committed).
// Nothing is downloaded: scenes are drawn in ./art, portraits come from DiceBear's "Notionists"
// style (CC0 artwork) seeded by name, and the social card is rendered by the system Chromium.
// Run after changing the art: `node apps/web/scripts/generate-images.mjs`.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createAvatar } from '@dicebear/core'
import * as notionists from '@dicebear/notionists'
import { chromium } from 'playwright-core'
import { about, emergency, gallery } from './art/scenes-gallery.mjs'
import {
  appointmentPromo,
  badges,
  doctor,
  hero,
  phone,
  pricing,
  services,
  treatmentPromo,
} from './art/scenes-home.mjs'

const publicDir = path.resolve(import.meta.dirname, '../public')
const out = (...parts) => path.join(publicDir, 'images', ...parts)

// slug → options; `seed` picks another drawing than the slug's, `beard: 0` keeps the beard off.
const people = {
  'sarah-lee': { beard: 0 },
  'michael-chen': { seed: 'amina-rahman', beard: 0 },
  'amina-rahman': { seed: 'michael-chen', beard: 0 },
  'daniel-okafor': { beard: 0.8 },
  'emily-carter': { beard: 0 },
  'rafael-ortiz': { beard: 0.9 },
  'grace-kim': { beard: 0 },
  'noah-williams': { beard: 0.3 },
  'olivia-bennett': { beard: 0 },
  'ethan-brooks': { beard: 0.5 },
  'priya-sharma': { beard: 0 },
}
const backgrounds = ['ccfbf1', 'e0f2fe', 'fef3c7', 'f0fdfa']
// Friendly expressions only: smiling lips and relaxed brows of the style.
const lips = ['variant03', 'variant22', 'variant23', 'variant25']
const brows = ['variant06', 'variant09', 'variant10', 'variant12']

async function write(file, content) {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, content)
}

async function writeScenes() {
  const files = {
    'hero.svg': hero,
    'treatment-promo.svg': treatmentPromo,
    'appointment-promo.svg': appointmentPromo,
    'doctor-video.svg': doctor,
    'app-phone.svg': phone,
    'about-smiles.svg': about,
    'dental-emergency.svg': emergency,
  }
  for (const [name, content] of Object.entries(files)) await write(out(name), content)
  for (const [name, content] of Object.entries(services)) await write(out('services', `${name}.svg`), content)
  for (const [name, content] of Object.entries(pricing)) await write(out('pricing', `${name}.svg`), content)
  for (const [name, content] of Object.entries(gallery)) await write(out('gallery', `${name}.svg`), content)
  for (const [name, content] of Object.entries(badges)) await write(out('badges', `${name}.svg`), content)
}

async function writePortraits() {
  let index = 0
  for (const [slug, { seed = slug, beard }] of Object.entries(people)) {
    const avatar = createAvatar(notionists, {
      seed,
      size: 320,
      backgroundColor: [backgrounds[index++ % backgrounds.length]],
      beardProbability: beard * 100,
      gestureProbability: 0,
      glassesProbability: 0,
      bodyIconProbability: 0,
      lips,
      brows,
    })
    // The artwork's metadata block (licence text) is kept in the repository's notes, not shipped.
    const name = slug.replace(/(^|-)(\w)/g, (_, dash, letter) => `${dash ? ' ' : ''}${letter.toUpperCase()}`)
    const svg = avatar
      .toString()
      .replace(/<metadata[\s\S]*?<\/metadata>/, `<title>Portrait of ${name}</title>`)
    await write(out('people', `${slug}.svg`), svg)
  }
}

async function writeSocialCard() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
  await page.setContent(`<body style="margin:0;font-family:'DejaVu Sans',sans-serif">
<div style="display:flex;align-items:center;gap:40px;width:1200px;height:630px;box-sizing:border-box;padding:60px;background:linear-gradient(135deg,#f0fdfa,#ccfbf1)">
<div style="flex:1"><p style="margin:0;color:#0f766e;font-weight:700;font-size:34px;letter-spacing:2px">DOCTORS PORTAL</p>
<h1 style="margin:20px 0 0;color:#1e293b;font-size:72px;line-height:1.05">Your New Smile Starts Here</h1>
<p style="margin:24px 0 0;color:#334155;font-size:30px">Book your dental visit online</p></div>
<div style="width:460px">${hero.replace('width="640" height="560"', 'width="460" height="402"')}</div></div></body>`)
  await page.screenshot({ path: path.join(publicDir, 'og-image.png') })
  await browser.close()
}

await writeScenes()
await writePortraits()
await writeSocialCard()
console.log(`Images written to ${path.join(publicDir, 'images')} and og-image.png`)

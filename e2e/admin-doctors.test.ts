import path from 'node:path'
import { DOCTOR_MESSAGES } from '@shared/doctors'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { adminAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { addDoctorViaApi, drawPng, firstSpecialty, newDoctorDetails } from './support/doctors'
import { expect } from './support/expect'

const browser = useBrowser()
// Set SHOTS_DIR to keep screenshots of both pages at 375 and 1280 px.
const shotsDir = process.env.SHOTS_DIR

/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const doctorRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Doctors' }).getByRole('row').filter({ hasText: name })

/** The admin, signed in on a page of its own, on `path`. */
async function adminOn(path: string, width?: number): Promise<Page> {
  const page = await browser.newPage(width ? { width } : {})
  await signIn(page, adminAccount)
  await page.goto(path)
  return page
}

/** A full-page screenshot, or the window only where a dialog is open (it is fixed to the window). */
async function shoot(page: Page, name: string, fullPage = true) {
  if (!shotsDir) return
  // From the top: a full-page shot taken further down draws the sticky navigation bar there.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: path.join(shotsDir, `doctors-${name}.png`), fullPage })
}

/** The photo has arrived and decoded (a broken image has no natural width). */
async function expectPhotoShown(page: Page, name: string) {
  const photo = doctorRow(page, name).getByRole('img', { name })
  await expect(photo).toBeVisible()
  await expect(photo).toHaveAttribute('src', /\/uploads\//)
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
}

describe('Add A Doctor', () => {
  test('asks for name, e-mail and image; adds a doctor with a real photo, then lists it', async () => {
    const page = await adminOn('/dashboard/addadoctor')
    await expect(page.getByRole('heading', { name: 'Add A Doctor', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Add Doctor' }).click()
    await expect(page.getByText('Name is Required')).toBeVisible()
    await expect(page.getByText('Email is Required')).toBeVisible()
    await expect(page.getByText('image is Required')).toBeVisible()
    await expectNoAxeViolations(page)

    const doctor = newDoctorDetails('Dr Amina')
    const specialty = await firstSpecialty(page)
    await page.getByLabel('Name').fill(doctor.name)
    await page.getByLabel('Email').fill(doctor.email)
    await page.getByLabel('Specialty').selectOption(specialty)
    const png = await drawPng(page)
    await page.getByLabel('Photo').setInputFiles({ name: 'amina.png', mimeType: 'image/png', buffer: png })
    await expect(page.getByRole('img', { name: 'Preview of amina.png' })).toBeVisible()
    await expect(page.getByText('image is Required')).toHaveCount(0)
    await expectNoAxeViolations(page)
    await shoot(page, 'add-1280')

    await page.getByRole('button', { name: 'Add Doctor' }).click()
    await expect(page.getByText(DOCTOR_MESSAGES.added)).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/managedoctors')
    await expect(doctorRow(page, doctor.name)).toContainText(specialty)
    await expect(doctorRow(page, doctor.name)).toContainText('active')
    await expectPhotoShown(page, doctor.name)
  })

  test('a doctor e-mail already listed is refused under Email', async () => {
    const page = await adminOn('/dashboard/addadoctor')
    const listed = await addDoctorViaApi(page, await firstSpecialty(page))
    await page.getByLabel('Name').fill('Dr Second')
    await page.getByLabel('Email').fill(listed.email)
    await page.getByLabel('Photo').setInputFiles({
      name: 'second.png',
      mimeType: 'image/png',
      buffer: await drawPng(page, '#3a4256'),
    })
    await page.getByRole('button', { name: 'Add Doctor' }).click()
    await expect(page.getByText(DOCTOR_MESSAGES.emailTaken)).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/addadoctor')
  })
})

describe('Manage Doctors', () => {
  test("'Delete' asks first: Cancel keeps the doctor; Confirm Delete removes it", async () => {
    const page = await adminOn('/dashboard')
    const doctor = await addDoctorViaApi(page, await firstSpecialty(page), 'Dr Karim')
    await page.goto('/dashboard/managedoctors')
    await expectPhotoShown(page, doctor.name)
    await expectNoAxeViolations(page)
    await shoot(page, 'manage-1280')

    await doctorRow(page, doctor.name).getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this doctor?' })
    await expect(dialog.getByRole('img', { name: doctor.name })).toBeVisible()
    await expect(dialog).toContainText(doctor.specialty)
    await expectNoAxeViolations(page)
    await shoot(page, 'dialog-1280', false)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(doctorRow(page, doctor.name)).toBeVisible()

    await doctorRow(page, doctor.name).getByRole('button', { name: 'Delete' }).click()
    await dialog.getByRole('button', { name: 'Confirm Delete' }).click()
    await expect(page.getByText(DOCTOR_MESSAGES.removed)).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(doctorRow(page, doctor.name)).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Manage Doctors', level: 1 })).toBeVisible()
    await expect(page.getByText(doctor.name)).toHaveCount(0)
  })

  test('at 375 px both pages fit the window and Delete is on screen; axe finds nothing', async () => {
    const page = await adminOn('/dashboard', 375)
    const doctor = await addDoctorViaApi(page, await firstSpecialty(page), 'Dr Narrow')
    await page.goto('/dashboard/managedoctors')
    await expectPhotoShown(page, doctor.name)
    const deleteButton = doctorRow(page, doctor.name).getByRole('button', { name: 'Delete' })
    await deleteButton.scrollIntoViewIfNeeded()
    await expect(deleteButton).toBeInViewport({ ratio: 1 })
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
    await shoot(page, 'manage-375')

    await deleteButton.click()
    await expect(page.getByRole('dialog', { name: 'Delete this doctor?' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Confirm Delete' })).toBeInViewport({ ratio: 1 })
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
    await shoot(page, 'dialog-375', false)

    await page.goto('/dashboard/addadoctor')
    await page.getByLabel('Photo').setInputFiles({
      name: 'narrow.png',
      mimeType: 'image/png',
      buffer: await drawPng(page),
    })
    await expect(page.getByRole('img', { name: 'Preview of narrow.png' })).toBeVisible()
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
    await shoot(page, 'add-375')
  })
})

test.each(['/dashboard/addadoctor', '/dashboard/managedoctors'])(
  'a patient opening %s is sent to /login',
  async (path) => {
    const page = await browser.newPage()
    await signIn(page, await registerViaApi())
    await page.goto(path)
    await expect(page).toHaveURL((url) => url.pathname === '/login')
  },
)

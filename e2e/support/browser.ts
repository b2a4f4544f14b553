import { existsSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const hasChromium = existsSync(chromiumPath)

// Chromium's background services cannot reach the network here and only slow it down.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchChromium(): Promise<Browser> {
  if (!hasChromium) {
    throw new Error(
      `No Chromium at ${chromiumPath}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    )
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS })
}

/**
 * Opens one Chromium per test file and hands each test a fresh context (no shared cookies or
 * storage) pointed at the production server of the run.
 */
export function useBrowser() {
  let browser: Browser
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    baseURL: () => inject('baseURL'),
    async newPage(options: { width?: number; height?: number; javaScript?: boolean } = {}): Promise<Page> {
      const context = await browser.newContext({
        baseURL: inject('baseURL'),
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        javaScriptEnabled: options.javaScript ?? true,
      })
      contexts.push(context)
      return context.newPage()
    },
  }
}

/*
 * A person's name for a browser from its User-Agent, good enough to recognise one's own devices
 * in a list. Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says
 * "Safari", and iPads and iPhones also say "Mac OS X".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const firstMatch = (userAgent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1]

export function deviceName(userAgent: string | null | undefined): string {
  const browser = userAgent ? firstMatch(userAgent, BROWSERS) : undefined
  const system = userAgent ? firstMatch(userAgent, SYSTEMS) : undefined
  if (browser && system) return `${browser} on ${system}`
  return browser ?? (system ? `Browser on ${system}` : 'Unknown device')
}

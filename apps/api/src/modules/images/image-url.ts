import { isFullImageName, UPLOADS_PATH } from '@shared/images'

/** The URL the image host answers for a stored image: relative, on the site's own origin. */
export const imageUrl = (name: string) => `${UPLOADS_PATH}${name}`

/**
 * The stored name an image URL points at when it is one of ours: our `/uploads/<name>` path,
 * relative, or absolute on PUBLIC_URL's origin, with no query or fragment. Undefined otherwise
 * (another site, another path, a name we could not have made, a narrower copy's name: a doctor
 * shows the full image, and the copies are found from its name, decision 0041).
 */
export function storedNameOf(url: string, publicUrl: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url, publicUrl)
  } catch {
    return undefined
  }
  if (parsed.origin !== new URL(publicUrl).origin || parsed.search || parsed.hash) return undefined
  if (!parsed.pathname.startsWith(UPLOADS_PATH)) return undefined
  const name = parsed.pathname.slice(UPLOADS_PATH.length)
  return isFullImageName(name) ? name : undefined
}

import { z } from 'zod'

/** `GET /sitemap.xml` and `GET /robots.txt`: text written with the server's PUBLIC_URL, not JSON. */
export const SiteFileText = z.string()
export type SiteFileText = z.infer<typeof SiteFileText>

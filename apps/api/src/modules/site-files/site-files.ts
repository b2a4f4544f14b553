import { SITEMAP_ROUTES } from '@shared/app-routes'

/*
 * Both need absolute addresses, so they are written with the running server's PUBLIC_URL: written
 * at build time they named whatever origin the build saw, localhost:3000 by default.
 */

export const sitemapXml = (publicUrl: string) => {
  const urls = SITEMAP_ROUTES.map((route) => `  <url><loc>${publicUrl}${route}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export const robotsTxt = (publicUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`

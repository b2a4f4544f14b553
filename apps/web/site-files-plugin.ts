import type { Plugin } from 'vite'

// The public pages worth indexing; the empty reviews placeholder, the sign-in forms and the
// dashboard stay out (robots.txt also disallows the dashboard and the API).
export const sitemapRoutes = ['/', '/about', '/appointment', '/team', '/contact']

/**
 * Absolute URLs are required in sitemap.xml, robots.txt's Sitemap line and og:image, so the origin
 * is fixed at build time from PUBLIC_URL (the same variable the server reads; default
 * http://localhost:3000). index.html writes it as %SITE_ORIGIN%.
 */
export function siteFiles(origin = process.env.PUBLIC_URL ?? 'http://localhost:3000'): Plugin {
  const base = origin.replace(/\/+$/, '')
  return {
    name: 'portal:site-files',
    transformIndexHtml: (html) => html.replaceAll('%SITE_ORIGIN%', base),
    generateBundle() {
      const urls = sitemapRoutes.map((route) => `  <url><loc>${base}${route}</loc></url>`).join('\n')
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      })
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`,
      })
    },
  }
}

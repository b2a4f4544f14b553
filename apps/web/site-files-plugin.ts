import type { Plugin } from 'vite'

/**
 * og:url and og:image must be absolute, so index.html writes the origin as %SITE_ORIGIN%, fixed at
 * build time from PUBLIC_URL (default http://localhost:3000). sitemap.xml and robots.txt are not
 * built: the server writes them with its own PUBLIC_URL (decision 0027).
 */
export function siteFiles(origin = process.env.PUBLIC_URL ?? 'http://localhost:3000'): Plugin {
  const base = origin.replace(/\/+$/, '')
  return {
    name: 'portal:site-files',
    transformIndexHtml: (html) => html.replaceAll('%SITE_ORIGIN%', base),
  }
}

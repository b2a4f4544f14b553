import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  APP_HTML_END,
  APP_HTML_START,
  PAGE_DATA_ELEMENT_ID,
  type PageDataEntry,
  type PageHead,
  type PageQuery,
  type RenderedApp,
} from '@shared/page-data'
import type { FastifyInstance } from 'fastify'
import { type PreparedBody, prepareBody } from '../lib/prepared-body'

/** apps/web/src/entry-server.tsx, as built to apps/web/dist-server. */
interface PageRendererEntry {
  pageQueries(pathname: string): PageQuery[]
  renderPage(pathname: string, data: readonly PageDataEntry[]): Promise<RenderedApp>
}

// Pages differ by address and by the clinic data they show; a few versions of each suffice.
const CACHED_PAGES = 64

/**
 * The public pages rendered to HTML (decision 0043). Each request loads the page's clinic data from
 * the API's own routes (with their response schemas, so nothing leaks that the API would not send)
 * and answers from a cache keyed by that data, so a changed fee or doctor shows at once and an
 * unchanged page is not rendered twice. Null when there is no server build of the web app.
 */
export function createPageRenderer(app: FastifyInstance, webDir: string) {
  const entryFile = path.join(webDir, '..', 'dist-server', 'entry-server.js')
  if (!existsSync(entryFile)) return null
  // Loaded at the first page request, not at start: the start has its own budget (decision 0042).
  let loaded: Promise<{ entry: PageRendererEntry; template: Template }> | undefined
  const cache = new Map<string, Promise<PreparedBody>>()

  async function loadData(queries: readonly PageQuery[]): Promise<PageDataEntry[] | null> {
    const replies = await Promise.all(
      queries.map((query) =>
        app.inject({ method: 'GET', url: query.path, headers: { accept: 'application/json' } }),
      ),
    )
    if (replies.some((reply) => reply.statusCode !== 200)) return null
    return queries.map((query, i) => ({ queryKey: query.queryKey, data: replies[i]?.json() }))
  }

  /** The page at `pathname`, or null when its data could not be loaded (the browser renders it then). */
  return async function renderedPage(pathname: string): Promise<PreparedBody | null> {
    loaded ??= Promise.all([import(pathToFileURL(entryFile).href), readTemplate(webDir)]).then(
      ([entry, template]) => ({ entry: entry as PageRendererEntry, template }),
    )
    const { entry, template } = await loaded
    const data = await loadData(entry.pageQueries(pathname))
    if (!data) return null
    const dataJson = JSON.stringify(data)
    // The footer's year is the only thing a page shows of the date.
    const key = `${pathname}\n${new Date().getFullYear()}\n${dataJson}`
    let page = cache.get(key)
    if (page) {
      cache.delete(key)
    } else {
      page = render(template, entry, pathname, data, dataJson)
      page.catch(() => cache.delete(key))
    }
    cache.set(key, page)
    if (cache.size > CACHED_PAGES) cache.delete(cache.keys().next().value as string)
    return page
  }
}

interface Template {
  beforeApp: string
  afterApp: string
}

async function readTemplate(webDir: string): Promise<Template> {
  const html = await readFile(path.join(webDir, 'index.html'), 'utf8')
  const start = html.indexOf(APP_HTML_START)
  const end = html.indexOf(APP_HTML_END)
  if (start < 0 || end < start) throw new Error('index.html lacks the markers of the app stand-in')
  // Nothing but the page inside #root: React would take a comment or a line break there for a
  // difference from what it renders, and throw the server's HTML away.
  return {
    beforeApp: startAfterPaint(html.slice(0, start).replace(/(<div id="root">)[\s\S]*$/, '$1')),
    afterApp: html.slice(end + APP_HTML_END.length).trimStart(),
  }
}

/**
 * The app's entry is loaded by `start-app.js` (apps/web/public) once the page is painted, and its
 * modules are not preloaded: a rendered page needs no JavaScript for its first paint.
 */
function startAfterPaint(head: string): string {
  return head
    .replace(
      /<script type="module"[^>]* src="([^"]+)"><\/script>/,
      '<script defer src="/start-app.js" data-entry="$1"></script>',
    )
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
}

async function render(
  template: Template,
  entry: PageRendererEntry,
  pathname: string,
  data: readonly PageDataEntry[],
  dataJson: string,
): Promise<PreparedBody> {
  const app = await entry.renderPage(pathname, data)
  // Escaped so that no text in the data (a review) can close the block: `<` never appears raw.
  const dataBlock = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${dataJson.replaceAll('<', '\\u003c')}</script>`
  const before = withHead(template.beforeApp, app.head)
  return prepareBody(before + app.html + template.afterApp.replace('</body>', `${dataBlock}</body>`))
}

/** index.html's head with the page's own title and description, as the browser would set them. */
function withHead(html: string, { title, description }: PageHead): string {
  let head = html
  if (title) {
    head = head
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(/(property="og:title"\s+content=")[^"]*/, `$1${escapeHtml(title)}`)
  }
  if (description) {
    head = head
      .replace(/(name="description"\s+content=")[^"]*/, `$1${escapeHtml(description)}`)
      .replace(/(property="og:description"\s+content=")[^"]*/, `$1${escapeHtml(description)}`)
  }
  return head
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char)

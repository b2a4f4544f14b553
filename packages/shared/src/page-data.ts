/*
 * What the server and the browser agree on about a server-rendered page (decision 0043): the
 * clinic data it shows, named by the query key the web app caches it under and the API path it
 * comes from, and the JSON block that carries those answers to the browser.
 */

export interface PageQuery {
  queryKey: readonly unknown[]
  path: string
}

export interface PageDataEntry {
  queryKey: readonly unknown[]
  data: unknown
}

/** What a rendered page asks to have in the head; nothing for a page that does not say. */
export interface PageHead {
  title?: string
  description?: string
}

/** A page rendered by the web app's server entry: the HTML inside `#root`, and its head. */
export interface RenderedApp {
  html: string
  head: PageHead
}

/** The id of the page's `<script type="application/json">` block (not run, so the CSP allows it). */
export const PAGE_DATA_ELEMENT_ID = 'page-data'

/** Where index.html's stand-in for the app starts and ends: a rendered page goes in its place. */
export const APP_HTML_START = '<!--app-html-->'
export const APP_HTML_END = '<!--/app-html-->'

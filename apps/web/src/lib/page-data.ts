import type { PageQuery } from '@shared/page-data'

/** What a public route declares in its `handle`: the data its page shows, loaded by the server to render it. */
export interface PageHandle {
  pageData: readonly PageQuery[]
}

export const pageHandle = (...pageData: PageQuery[]): PageHandle => ({ pageData })

export function pageQueriesOf(handles: readonly unknown[]): PageQuery[] {
  return handles.flatMap((handle) => (handle as Partial<PageHandle> | undefined)?.pageData ?? [])
}

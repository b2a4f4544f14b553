import type { PageHead } from '@shared/page-data'
import { createContext, useContext, useEffect } from 'react'

export const SITE_NAME = 'Doctors Portal'

/**
 * Given only while the server renders a page (entry-server.tsx): the title and description the
 * page asks for are written here during that render, for the head the server sends with it.
 */
export const ServerPageHead = createContext<PageHead | null>(null)

export function usePageTitle(title: string): void {
  const serverHead = useContext(ServerPageHead)
  if (serverHead) serverHead.title = `${title} | ${SITE_NAME}`
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`
  }, [title])
}

import { useContext, useEffect } from 'react'
import { ServerPageHead, SITE_NAME, usePageTitle } from '../lib/use-page-title'

const DEFAULT_DESCRIPTION =
  'Doctors Portal dental clinic: book an appointment, meet our dentists and manage your visits online.'

function setMeta(selector: string, content: string): void {
  document.head.querySelector(selector)?.setAttribute('content', content)
}

/**
 * The page's title plus the description and Open Graph tags that index.html declares, so a shared
 * or bookmarked page describes itself. Leaving the page restores the site-wide description.
 */
export function usePageMeta(title: string, description: string): void {
  usePageTitle(title)
  const serverHead = useContext(ServerPageHead)
  if (serverHead) serverHead.description = description
  useEffect(() => {
    setMeta('meta[name="description"]', description)
    setMeta('meta[property="og:title"]', `${title} | ${SITE_NAME}`)
    setMeta('meta[property="og:description"]', description)
    setMeta('meta[property="og:url"]', window.location.href)
    return () => {
      setMeta('meta[name="description"]', DEFAULT_DESCRIPTION)
      setMeta('meta[property="og:title"]', SITE_NAME)
      setMeta('meta[property="og:description"]', DEFAULT_DESCRIPTION)
    }
  }, [title, description])
}

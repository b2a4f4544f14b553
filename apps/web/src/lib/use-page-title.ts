import { useEffect } from 'react'

export const SITE_NAME = 'Doctors Portal'

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`
  }, [title])
}

import { PAGE_DATA_ELEMENT_ID, type PageDataEntry } from '@shared/page-data'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { Providers } from './app/providers'
import { createAppRouter } from './app/router'
import { restoreSessionAtLoad } from './lib/auth/session'
import { queryClient } from './lib/query-client'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain an element with id "root"')

// Only a page the server rendered has it (decision 0043); the others start from index.html's header.
const pageData = document.getElementById(PAGE_DATA_ELEMENT_ID)
const entries: PageDataEntry[] = pageData ? JSON.parse(pageData.textContent ?? '[]') : []
for (const { queryKey, data } of entries) queryClient.setQueryData(queryKey, data)
restoreSessionAtLoad()

/**
 * Evaluating the bundle, making the router and starting to hydrate each take a phone tens of
 * milliseconds; run back to back they were one task of 140 to 165 ms at Lighthouse's fourfold
 * slowdown, most of it Total Blocking Time. Between them the browser may paint and answer input.
 * (Not a top-level await: with one, the build split the entry into more, smaller chunks.)
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function start(root: HTMLElement) {
  await yieldToBrowser()
  const router = createAppRouter()
  await yieldToBrowser()
  const app = (
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  )
  // As a transition, React hydrates or renders in slices and lets the browser paint and answer
  // input between them, instead of in one long task (Lighthouse's Total Blocking Time; decision
  // 0057). A page the server did not render keeps index.html's header until the slices are done.
  startTransition(() => {
    if (pageData) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
}

void start(container)

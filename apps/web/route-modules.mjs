/**
 * The modules the route table loads for a route through `lazy` (src/app/routes.tsx): the page, and
 * the layout it shows in where that is lazy too. The build preloads them on the pages the browser
 * renders (route-preloads-plugin.ts); the build test and the bench count what each route
 * downloads (bench/lib/web-bundle.mjs). Plain JavaScript, so that the bench's Node reads it too.
 */
export const ROUTE_MODULES = {
  '/': ['src/features/home/home-page.tsx'],
  '/dashboard': ['src/app/layouts/dashboard-layout.tsx', 'src/features/dashboard/my-appointments-page.tsx'],
  '/dashboard/payment/:id': ['src/app/layouts/dashboard-layout.tsx', 'src/features/payment/payment-page.tsx'],
  '/dashboard/account': ['src/app/layouts/dashboard-layout.tsx', 'src/features/account/account-page.tsx'],
}

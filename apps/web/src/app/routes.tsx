import type { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { ErrorScreen } from '../components/error-screen'
import { NotFoundScreen } from '../components/not-found-screen'
import { PageLoader } from '../components/page-loader'
import { accountLoader } from '../features/account'
import { myAppointmentsLoader } from '../features/dashboard'
import { paymentLoader } from '../features/payment'
import { pricesPageQuery, teamPageQuery } from '../lib/clinic-public-data'
import { pageHandle } from '../lib/page-data'
import { publicReviewsPageQuery } from '../lib/public-reviews'
import { dashboardLoader } from './layouts/dashboard-loader'
import { PublicLayout } from './layouts/public-layout'
import { RootError, RootLayout } from './layouts/root-layout'
import { lazyPage } from './lazy-page'

/*
 * Every page is its own chunk (docs/architecture.md section 6). The public pages are `React.lazy`
 * components (`lazyPage`) in the public layout's Suspense: over a page rendered on the server
 * (decision 0043) the layout hydrates, and its menu answers, while the page's code is still on its
 * way. A page whose code fails to load throws to the route's error boundary: the offline screen.
 * The dashboard's routes use the function form of react-router's `lazy`: with the object form
 * react-router 7 ignores a failed `Component` import and renders an empty page, whereas the spec
 * wants the offline screen on any route failure.
 *
 * The dashboard's loaders are static, outside `lazy`: react-router runs a static loader while the
 * lazy route's code loads, so the page's data is asked for as the navigation starts. The admin
 * pages' loaders come inside `lazy`, with the page's code, so a patient downloads nothing of them
 * (docs/architecture.md section 6); their data is asked for once that code has arrived.
 *
 * A public page's `handle` names the clinic data it shows, which the server loads to render it
 * (entry-server.tsx, decision 0043).
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageLoader,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            // A failing page keeps the navigation bar and footer around the error screen.
            ErrorBoundary: ErrorScreen,
            children: [
              {
                index: true,
                handle: pageHandle(pricesPageQuery, publicReviewsPageQuery),
                Component: lazyPage(
                  () => import('../features/home/home-page'),
                  (page) => page.HomePage,
                ),
              },
              {
                path: 'about',
                handle: pageHandle(pricesPageQuery, teamPageQuery),
                Component: lazyPage(
                  () => import('../features/about/about-page'),
                  (page) => page.AboutPage,
                ),
              },
              {
                path: 'appointment',
                Component: lazyPage(
                  () => import('../features/appointment/appointment-page'),
                  (page) => page.AppointmentPage,
                ),
              },
              {
                path: 'reviews',
                handle: pageHandle(publicReviewsPageQuery),
                Component: lazyPage(
                  () => import('../features/reviews/reviews-page'),
                  (page) => page.ReviewsPage,
                ),
              },
              {
                path: 'team',
                handle: pageHandle(teamPageQuery),
                Component: lazyPage(
                  () => import('../features/team/team-page'),
                  (page) => page.TeamPage,
                ),
              },
              {
                path: 'contact',
                Component: lazyPage(
                  () => import('../features/contact/contact-page'),
                  (page) => page.ContactPage,
                ),
              },
              {
                path: 'login',
                Component: lazyPage(
                  () => import('../features/auth/login-page'),
                  (page) => page.LoginPage,
                ),
              },
              {
                // The link in the sign-in mail, once an account's sign-ins from new devices are spent (decision 0020).
                path: 'login/device',
                Component: lazyPage(
                  () => import('../features/auth/device-sign-in-page'),
                  (page) => page.DeviceSignInPage,
                ),
              },
              {
                path: 'register',
                Component: lazyPage(
                  () => import('../features/auth/register-page'),
                  (page) => page.RegisterPage,
                ),
              },
              {
                path: 'forgot-password',
                Component: lazyPage(
                  () => import('../features/auth/forgot-password-page'),
                  (page) => page.ForgotPasswordPage,
                ),
              },
              {
                // The link in the password reset mail (decision 0014).
                path: 'reset-password',
                Component: lazyPage(
                  () => import('../features/auth/reset-password-page'),
                  (page) => page.ResetPasswordPage,
                ),
              },
              {
                // The link in the e-mail verification mail; no sign-in needed.
                path: 'verify-email',
                Component: lazyPage(
                  () => import('../features/email-verification/verify-email-page'),
                  (page) => page.VerifyEmailPage,
                ),
              },
              {
                // The link in a waitlist offer mail (decision 0036); the page sends a signed-out visitor to /login.
                path: 'waitlist/offers/:id',
                Component: lazyPage(
                  () => import('../features/appointment/waitlist-offer-page'),
                  (page) => page.WaitlistOfferPage,
                ),
              },
              { path: '*', Component: NotFoundScreen },
            ],
          },
        ],
      },
      {
        path: 'dashboard',
        loader: dashboardLoader(queryClient),
        lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
        children: [
          {
            // A failing page keeps the dashboard's menu around the error screen.
            ErrorBoundary: ErrorScreen,
            children: [
              {
                index: true,
                loader: myAppointmentsLoader(queryClient),
                lazy: async () => ({
                  Component: (await import('../features/dashboard/my-appointments-page')).MyAppointmentsPage,
                }),
              },
              {
                path: 'payment/:id',
                loader: paymentLoader(queryClient),
                lazy: async () => ({
                  Component: (await import('../features/payment/payment-page')).PaymentPage,
                }),
              },
              {
                path: 'account',
                loader: accountLoader(queryClient),
                lazy: async () => ({
                  Component: (await import('../features/account/account-page')).AccountPage,
                }),
              },
              {
                // Spec section 2: admins only; anyone else is sent to /login.
                lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).AdminOnly }),
                children: [
                  {
                    path: 'users',
                    lazy: async () => {
                      const [{ usersLoader }, { AllUsersPage }] = await Promise.all([
                        import('../features/admin-users'),
                        import('../features/admin-users/all-users-page'),
                      ])
                      return { loader: usersLoader(queryClient), Component: AllUsersPage }
                    },
                  },
                  {
                    path: 'addadoctor',
                    lazy: async () => {
                      const [{ addDoctorLoader }, { AddDoctorPage }] = await Promise.all([
                        import('../features/doctors'),
                        import('../features/doctors/add-doctor-page'),
                      ])
                      return { loader: addDoctorLoader(queryClient), Component: AddDoctorPage }
                    },
                  },
                  {
                    path: 'managedoctors',
                    lazy: async () => {
                      const [{ manageDoctorsLoader }, { ManageDoctorsPage }] = await Promise.all([
                        import('../features/doctors'),
                        import('../features/doctors/manage-doctors-page'),
                      ])
                      return { loader: manageDoctorsLoader(queryClient), Component: ManageDoctorsPage }
                    },
                  },
                  // Beyond the spec (decision 0019): what a clinic needs to run its days.
                  {
                    path: 'treatments',
                    lazy: async () => {
                      const [{ treatmentsLoader }, { TreatmentsPage }] = await Promise.all([
                        import('../features/treatments'),
                        import('../features/treatments/treatments-page'),
                      ])
                      return { loader: treatmentsLoader(queryClient), Component: TreatmentsPage }
                    },
                  },
                  {
                    path: 'agenda',
                    lazy: async () => {
                      const [{ agendaLoader }, { AgendaPage }] = await Promise.all([
                        import('../features/agenda'),
                        import('../features/agenda/agenda-page'),
                      ])
                      return { loader: agendaLoader(queryClient), Component: AgendaPage }
                    },
                  },
                  {
                    path: 'messages',
                    lazy: async () => {
                      const [{ messagesLoader }, { MessagesPage }] = await Promise.all([
                        import('../features/messages'),
                        import('../features/messages/messages-page'),
                      ])
                      return { loader: messagesLoader(queryClient), Component: MessagesPage }
                    },
                  },
                  {
                    path: 'reviews',
                    lazy: async () => {
                      const [{ reviewModerationLoader }, { ReviewModerationPage }] = await Promise.all([
                        import('../features/review-moderation'),
                        import('../features/review-moderation/review-moderation-page'),
                      ])
                      return { loader: reviewModerationLoader(queryClient), Component: ReviewModerationPage }
                    },
                  },
                  {
                    path: 'audit',
                    lazy: async () => {
                      const [{ auditLoader }, { AuditPage }] = await Promise.all([
                        import('../features/audit'),
                        import('../features/audit/audit-page'),
                      ])
                      return { loader: auditLoader(queryClient), Component: AuditPage }
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]

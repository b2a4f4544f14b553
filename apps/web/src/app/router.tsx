import { createBrowserRouter } from 'react-router'
import { ErrorScreen } from '../components/error-screen'
import { PageLoader } from '../components/page-loader'
import { PublicLayout, PublicLayoutFallback } from './layouts/public-layout'
import { RootError, RootLayout } from './layouts/root-layout'

// Every page is its own chunk (ARCHITECTURE.md section 6); only the shell is in the entry bundle.
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageLoader,
    children: [
      {
        Component: PublicLayout,
        HydrateFallback: PublicLayoutFallback,
        children: [
          {
            index: true,
            lazy: { Component: async () => (await import('../features/home/home-page')).HomePage },
          },
          {
            path: 'about',
            lazy: { Component: async () => (await import('../features/about/about-page')).AboutPage },
          },
          {
            path: 'appointment',
            lazy: {
              Component: async () =>
                (await import('../features/appointment/appointment-page')).AppointmentPage,
            },
          },
          {
            path: 'reviews',
            lazy: { Component: async () => (await import('../features/reviews/reviews-page')).ReviewsPage },
          },
          {
            path: 'team',
            lazy: { Component: async () => (await import('../features/team/team-page')).TeamPage },
          },
          {
            path: 'contact',
            lazy: { Component: async () => (await import('../features/contact/contact-page')).ContactPage },
          },
          {
            path: 'login',
            lazy: { Component: async () => (await import('../features/auth/login-page')).LoginPage },
          },
          {
            path: 'register',
            lazy: { Component: async () => (await import('../features/auth/register-page')).RegisterPage },
          },
          { path: '*', Component: ErrorScreen },
        ],
      },
      {
        path: 'dashboard',
        lazy: { Component: async () => (await import('./layouts/dashboard-layout')).DashboardLayout },
        children: [
          {
            index: true,
            lazy: {
              Component: async () =>
                (await import('../features/dashboard/my-appointments-page')).MyAppointmentsPage,
            },
          },
          {
            path: 'users',
            lazy: {
              Component: async () => (await import('../features/dashboard/all-users-page')).AllUsersPage,
            },
          },
          {
            path: 'addadoctor',
            lazy: {
              Component: async () => (await import('../features/dashboard/add-doctor-page')).AddDoctorPage,
            },
          },
          {
            path: 'managedoctors',
            lazy: {
              Component: async () =>
                (await import('../features/dashboard/manage-doctors-page')).ManageDoctorsPage,
            },
          },
          {
            path: 'payment/:id',
            lazy: { Component: async () => (await import('../features/dashboard/payment-page')).PaymentPage },
          },
        ],
      },
    ],
  },
])

import { Link } from 'react-router'
import { usePageTitle } from '../../lib/use-page-title'
import { AuthCard } from './auth-card'

export function LoginPage() {
  usePageTitle('Login')
  return (
    <AuthCard title="Login Here">
      <p className="text-center text-base-content/80">Sign in to book appointments and see your visits.</p>
      <p className="text-center">
        New to Doctors Portal?{' '}
        <Link to="/register" className="link link-primary">
          Create new account
        </Link>
      </p>
    </AuthCard>
  )
}

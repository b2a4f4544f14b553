import { Link } from 'react-router'
import { usePageTitle } from '../../lib/use-page-title'
import { AuthCard } from './auth-card'

export function RegisterPage() {
  usePageTitle('Sign Up')
  return (
    <AuthCard title="Sign Up">
      <p className="text-center text-base-content/80">Create an account to book and pay for appointments.</p>
      <p className="text-center">
        Already have an account?{' '}
        <Link to="/login" className="link link-primary">
          Please Login
        </Link>
      </p>
    </AuthCard>
  )
}

import { buttonClass } from '../../components/button'
import { useLogout } from './useLogout'

export function LogoutButton({ className }: { className?: string }) {
  const logout = useLogout()
  return (
    <button type="button" className={className ?? buttonClass('secondary')} onClick={() => void logout('/')}>
      Logout
    </button>
  )
}

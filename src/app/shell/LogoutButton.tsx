import { useSetAtom } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { logoutAtom } from '../../state/auth.actions'

export function LogoutButton({ className }: { className?: string }) {
  const logout = useSetAtom(logoutAtom)
  const navigate = useNavigate()
  return (
    <button
      type="button"
      className={className ?? buttonClass('secondary')}
      onClick={async () => {
        await logout()
        navigate('/')
      }}
    >
      Logout
    </button>
  )
}

import { useAtomValue, useSetAtom } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { buttonClass } from '../../../components/button'
import { useCurrentUser } from '../../../state/use-current-user'
import { isLoggedInAtom } from '../../../state/auth.atoms'
import { pushToastAtom } from '../../../state/toast.atoms'
import { investGate } from './invest-gate'

export function InvestButton({ campaignId }: { campaignId: number }) {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const user = useCurrentUser()
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const onClick = () => {
    const gate = investGate(loggedIn, user, campaignId)
    if (!gate.ok) toast({ kind: gate.kind, text: gate.text })
    if (gate.to) navigate(gate.to)
  }
  return (
    <button type="button" className={buttonClass('primary', { block: true })} onClick={onClick}>
      Express Interest to Invest
    </button>
  )
}

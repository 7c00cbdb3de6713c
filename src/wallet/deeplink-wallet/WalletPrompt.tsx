// The deep-link sheet: "Continue in Phantom" when opening the wallet needs a tap of its own, "Waiting for
// Phantom" while its answer is out (e.g. the user came back without approving). Cancel stops the request.
import { useAtomValue } from 'jotai'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import { noteLinkOpened, showPrompt, walletPromptAtom } from './prompt'
import styles from './WalletPrompt.module.css'

const WHAT = { connect: 'connect your wallet', sign: 'approve the signature' } as const

export function WalletPrompt() {
  const prompt = useAtomValue(walletPromptAtom)
  if (!prompt) return null
  const { wallet, link, stage, purpose, cancel } = prompt
  const waiting = stage === 'waiting'
  return (
    <Modal title={waiting ? `Waiting for ${wallet}` : `Continue in ${wallet}`} open onClose={cancel}>
      <p className={styles.text} role="status">
        {waiting
          ? `Approve the request in the ${wallet} app. You will come back to Lifeline afterwards.`
          : `${wallet} opens to ${WHAT[purpose]}. You will come back to Lifeline afterwards.`}
      </p>
      <div className={styles.actions}>
        <a
          className={buttonClass(waiting ? 'secondary' : 'primary', { block: true })}
          href={link}
          onClick={() => {
            noteLinkOpened()
            showPrompt({ ...prompt, stage: 'waiting' })
          }}
        >
          {waiting ? `Open ${wallet} again` : `Open ${wallet}`}
        </a>
        <button type="button" className={buttonClass('ghost', { block: true })} onClick={cancel}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}

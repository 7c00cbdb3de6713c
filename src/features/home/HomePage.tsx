// Home: hero, Why (3 cards), Featured Emergencies, How It Works, a call to create.
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { FeaturedEmergencies } from './FeaturedEmergencies'
import { MoneyPath } from './MoneyPath'
import styles from './Home.module.css'

const why = [
  {
    title: 'Straight to the wallet',
    text: 'Every donation goes directly to the emergency’s own wallet. No middleman holds your SOL.',
  },
  {
    title: 'Verifiable on-chain',
    text: 'Each gift is a public transaction. Anyone can check where the money went.',
  },
  {
    title: 'Fast and low-cost',
    text: 'Solana settles in seconds for a fraction of a cent, so help arrives when it matters.',
  },
]

const steps = [
  {
    title: 'Connect your wallet',
    text: 'Sign in with Phantom or Solflare by signing a message. No password.',
  },
  {
    title: 'Create or choose an emergency',
    text: 'Describe the need, set a goal in SOL and add proof images.',
  },
  { title: 'Send SOL directly', text: 'Donors send SOL to the receiving wallet, with an optional tip.' },
  { title: 'Track every transfer', text: 'Follow progress live and verify each donation on the chain.' },
]

export default function HomePage() {
  return (
    <main>
      <section className={styles.hero}>
        <div className={styles.inner}>
          <div>
            <span className={styles.eyebrow}>Emergency fundraising on Solana</span>
            <h1 className={styles.title}>
              Help that arrives in seconds, straight to the people who need it.
            </h1>
            <p className={styles.lead}>
              Lifeline lets anyone raise SOL for an emergency and lets donors give directly, with every
              transfer public and verifiable.
            </p>
            <div className={styles.ctas}>
              <Link className={buttonClass('primary')} to="/explore">
                Explore emergencies
              </Link>
              <Link className={buttonClass('secondary')} to="/featured">
                See featured
              </Link>
            </div>
          </div>
          <MoneyPath />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="why-title">
        <h2 id="why-title">Why Lifeline</h2>
        <ul className={styles.cards}>
          {why.map((card) => (
            <li key={card.title} className={styles.card}>
              <h3>{card.title}</h3>
              <p className={styles.muted}>{card.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="featured-title">
        <div className={styles.sectionHead}>
          <h2 id="featured-title">Featured Emergencies</h2>
          <Link to="/featured">View all</Link>
        </div>
        <FeaturedEmergencies />
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title">How It Works</h2>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p className={styles.muted}>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section}>
        <div className={styles.callout}>
          <h2>Facing an emergency?</h2>
          <p>Create a campaign in minutes and receive SOL directly in your wallet.</p>
          <Link className={buttonClass('primary')} to="/create">
            Start a fundraiser
          </Link>
        </div>
      </section>
    </main>
  )
}

import { RETURN_POLICY_DAYS } from '#domain/store-rules';
import { BRAND } from '../../shared/brand';
import { ExchangeIcon, ReturnIcon, SupportIcon } from '../../shared/icons';
import { HomeSection } from './home-section';
import styles from './home.module.css';

const POLICIES = [
  {
    Icon: ExchangeIcon,
    title: 'Easy Exchange Policy',
    text: 'Wrong size or a change of heart? Swap for another size or style, and we pick up the old pair for free.',
  },
  {
    Icon: ReturnIcon,
    title: `${RETURN_POLICY_DAYS} Days Return Policy`,
    text: `Return unworn shoes within ${RETURN_POLICY_DAYS} days of delivery for a full refund — no questions, no forms.`,
  },
  {
    Icon: SupportIcon,
    title: 'Best Customer Support',
    text: `Real people answer every message at ${BRAND.contactEmail}, usually within a working day.`,
  },
] as const;

export function PolicySection() {
  return (
    <HomeSection className={styles.policySection} labelledBy="policy-title">
      <h2 id="policy-title" className="visually-hidden">
        Our promises
      </h2>
      <ul className={styles.policies}>
        {POLICIES.map(({ Icon, title, text }) => (
          <li key={title} className={styles.policy}>
            <Icon className={styles.policyIcon} />
            <h3 className={styles.policyTitle}>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

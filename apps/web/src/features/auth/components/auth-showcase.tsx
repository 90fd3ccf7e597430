import { Link } from 'react-router';
import { Globe, Lock, ShieldCheck, Wallet } from 'lucide-react';
import { paths } from '@/config/paths';

const points = [
  {
    icon: ShieldCheck,
    title: 'Evidence for your audits',
    text: 'An audit trail of every sign-in, order and change that your officers can export.',
  },
  {
    icon: Globe,
    title: 'Your data stays where you put it',
    text: 'Pick the region and the jurisdiction of every cluster.',
  },
  {
    icon: Wallet,
    title: 'Clear pricing',
    text: 'Pay monthly or yearly, see prices in EUR, USD or GBP.',
  },
  {
    icon: Lock,
    title: 'Secure accounts',
    text: 'Two-factor sign-in, session control and e-mail verification.',
  },
];

/** The panel beside the sign-in card on wide screens: why people sign up, in four lines. */
export function AuthShowcase() {
  return (
    <aside className="relative hidden overflow-hidden rounded-2xl bg-gradient-to-br from-primary to-[oklch(0.38_0.16_268)] p-10 text-primary-foreground shadow-lg lg:flex lg:flex-col dark:to-[oklch(0.3_0.12_268)]">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-3xl"
      />
      <p className="text-sm font-medium tracking-wide text-white/70 uppercase">Alpenkube</p>
      <h2 className="mt-3 text-3xl leading-tight font-semibold text-white">
        Sovereign Kubernetes,
        <br />
        managed for you.
      </h2>
      <p className="mt-3 max-w-sm text-white/80">
        Order production clusters in minutes and leave the upgrades, backups and on-call to us.
      </p>
      <ul className="mt-10 grid gap-6">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/15">
              <Icon className="size-4 text-white" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-medium text-white">{title}</span>
              <span className="block text-sm text-white/75">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-auto pt-10 text-sm text-white/75">
        Questions before you sign up?{' '}
        <Link
          to={paths.contactSales}
          className="font-medium text-white underline underline-offset-4"
        >
          Talk to our team
        </Link>
      </p>
    </aside>
  );
}

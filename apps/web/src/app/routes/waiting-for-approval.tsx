import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BookOpen,
  Calculator,
  CheckCircle2,
  Circle,
  Clock,
  LifeBuoy,
  Settings,
} from 'lucide-react';
import type { User } from '@alpenkube/contract';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';

function Step({ done, children }: { done: boolean; children: ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex items-start gap-2">
      <Icon
        className={`mt-0.5 size-4 shrink-0 ${done ? 'text-success' : 'text-muted-foreground'}`}
        aria-hidden="true"
      />
      <span>
        {children}
        <span className="sr-only">{done ? ' (done)' : ' (not yet)'}</span>
      </span>
    </li>
  );
}

function Action({
  to,
  icon,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full gap-3 rounded-lg border p-4 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="text-primary">{icon}</span>
        <span className="space-y-1">
          <span className="block font-medium">{title}</span>
          <span className="block text-sm text-muted-foreground">{text}</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * What a person whose request to join an organization is pending sees in place of its data:
 * what they wait for, who decides, and what they can do meanwhile. The server tells them
 * nothing of the organization (not even its name) until an admin accepts them.
 */
export function WaitingForApproval({ user }: { user: User }) {
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6" aria-labelledby="waiting-title">
      <header className="space-y-2 border-b pb-6">
        <p className="flex items-center gap-2 text-sm font-medium text-primary">
          <Clock className="size-4" aria-hidden="true" />
          Waiting for approval
        </p>
        <h1 id="waiting-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Your request to join is with the organization&apos;s admins
        </h1>
        <p className="text-muted-foreground">
          You registered with your company&apos;s e-mail domain, so your account joins its
          organization once one of its admins approves it. Until then its clusters, orders and bills
          stay hidden from you. You get a notification and an e-mail as soon as they decide.
        </p>
      </header>
      <Card>
        <CardHeader className="pb-3">
          <h2 className="leading-none font-semibold tracking-tight">Where you are</h2>
        </CardHeader>
        <CardContent>
          <ol className="space-y-2 text-sm">
            <Step done>Account created</Step>
            <Step done={user.emailVerified}>
              {user.emailVerified ? (
                'E-mail address verified'
              ) : (
                <>
                  Verify your e-mail address: follow the link we sent, or{' '}
                  <Link to={paths.settings} className="font-medium text-primary hover:underline">
                    send it again from Settings
                  </Link>
                </>
              )}
            </Step>
            <Step done={false}>Approved by an admin of your organization</Step>
          </ol>
        </CardContent>
      </Card>
      <div className="space-y-3">
        <h2 className="font-semibold">What you can do now</h2>
        <CardDescription>Everything here works before you are approved.</CardDescription>
        <ul className="grid gap-3 sm:grid-cols-2">
          <Action
            to={paths.priceEstimator}
            icon={<Calculator className="size-5" aria-hidden="true" />}
            title="Price a cluster"
            text="Work out what a configuration costs per month or year."
          />
          <Action
            to={paths.supportOrders}
            icon={<LifeBuoy className="size-5" aria-hidden="true" />}
            title="Open a support ticket"
            text="Ask our engineers anything; your tickets stay yours."
          />
          <Action
            to={paths.tutorials}
            icon={<BookOpen className="size-5" aria-hidden="true" />}
            title="Read the tutorials"
            text="From the first cluster to upgrades, backups and the API."
          />
          <Action
            to={paths.settings}
            icon={<Settings className="size-5" aria-hidden="true" />}
            title="Set up your account"
            text="Your profile, password and two-factor authentication."
          />
        </ul>
      </div>
    </section>
  );
}

/** A new organization's founder may look around and price clusters, not order yet. */
export function OrganizationAwaitingApproval({ name }: { name: string | null }) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4">
      <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="space-y-1 text-sm">
        <p className="font-medium">{name ?? 'Your organization'} is waiting for our approval</p>
        <p className="text-muted-foreground">
          Our platform team checks every new organization before it orders. Meanwhile you can
          configure clusters and see their prices, and open tickets; you get a notification and an
          e-mail once it is approved.
        </p>
      </div>
    </div>
  );
}

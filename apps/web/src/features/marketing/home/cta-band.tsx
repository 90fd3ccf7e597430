import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function CtaBand() {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-primary px-6 py-12 text-primary-foreground sm:px-12">
        <h2 className="max-w-2xl text-3xl font-bold tracking-tight">
          Try it on a Sandbox cluster, then grow
        </h2>
        <p className="mt-3 max-w-2xl opacity-90">
          Create an account, follow the getting-started tutorial and have a workload running in
          fifteen minutes. When you are ready for production, our engineers help you size it.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.auth}>Create an account</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
          >
            <Link to={paths.contactSales}>Talk to sales</Link>
          </Button>
          <Button asChild size="lg" variant="link" className="text-primary-foreground">
            <Link to={paths.tutorial('getting-started')}>Read the tutorial</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

import { Boxes, Gauge, Puzzle, Receipt } from 'lucide-react';

const highlights = [
  {
    icon: Boxes,
    title: 'Managed control plane',
    text: 'We run the API server and etcd for you. Enterprise clusters replicate them across three zones.',
  },
  {
    icon: Gauge,
    title: 'Node pools on demand',
    text: 'Add and remove node pools and change their size from the console or the API, each change with its events.',
  },
  {
    icon: Puzzle,
    title: 'Add-ons, maintained',
    text: 'Ingress, cert-manager, monitoring, backups, GitOps and more, installed and removed for you.',
  },
  {
    icon: Receipt,
    title: 'Prices you can predict',
    text: 'Per control plane and per node, monthly or yearly. Usage is metered by the hour and itemised on the invoice.',
  },
];

export function FeatureHighlights() {
  return (
    <section
      aria-label="What you get"
      className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
    >
      <div className="grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {highlights.map(({ icon: Icon, title, text }) => (
          <div key={title}>
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

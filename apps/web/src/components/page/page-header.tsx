import type { ReactNode } from 'react';

/** The heading block every public page starts with: one h1, an eyebrow and a lead paragraph. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  wide = false,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** Match a page whose content uses the wider max-w-7xl container. */
  wide?: boolean;
}) {
  return (
    <header className="border-b border-border bg-gradient-to-b from-primary/5 to-transparent">
      <div
        className={`mx-auto w-full ${wide ? 'max-w-7xl' : 'max-w-6xl'} px-4 py-12 sm:px-6 sm:py-16 lg:px-8`}
      >
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
          {title}
        </h1>
        {lead && <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{lead}</p>}
        {children && <div className="mt-6">{children}</div>}
      </div>
    </header>
  );
}

import type { ClusterTypeInfo } from '@/lib/catalog/cluster-type-catalog';

export function UseCases({
  info,
  heading = 'Use cases',
}: {
  info: ClusterTypeInfo;
  heading?: string;
}) {
  return (
    <section aria-labelledby="use-cases-heading">
      <h2 id="use-cases-heading" className="text-2xl font-bold tracking-tight">
        {heading}
      </h2>
      <div className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-3">
        {info.useCases.map((useCase) => (
          <div key={useCase.title} className="rounded-xl border border-border bg-card p-5">
            <h3 className="font-semibold">{useCase.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{useCase.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

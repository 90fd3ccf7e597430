import { FormAlert } from '@/components/ui/form';

/**
 * Said plainly wherever a cluster on a simulated provider is shown. `mixed`: the list holds
 * clusters on a real provider too (DigitalOcean with its token set), which it must not include.
 */
export function SimulatedNotice({
  className,
  mixed = false,
}: {
  className?: string;
  mixed?: boolean;
}) {
  return (
    <FormAlert variant="info" title="Simulated providers" className={className}>
      {mixed
        ? 'Clusters marked Simulated run on simulated providers: no real cloud resources are created for them. The others run at their provider for real.'
        : 'Clusters run on simulated providers: no real cloud resources are created.'}{' '}
      Steps, timings and failures are modelled on each provider, and the kubeconfig answers kubectl.
    </FormAlert>
  );
}

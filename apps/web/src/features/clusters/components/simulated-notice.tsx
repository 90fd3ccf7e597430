import { FormAlert } from '@/components/ui/form';

/** Said plainly wherever a cluster on a simulated provider is shown. */
export function SimulatedNotice({ className }: { className?: string }) {
  return (
    <FormAlert variant="info" title="Simulated providers" className={className}>
      Clusters run on simulated providers: no real cloud resources are created. Steps, timings and
      failures are modelled on each provider, and the kubeconfig answers kubectl.
    </FormAlert>
  );
}

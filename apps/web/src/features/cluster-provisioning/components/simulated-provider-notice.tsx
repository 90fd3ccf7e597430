import { FormAlert } from '@/components/ui/form';

/** Said plainly: the cluster is built by the platform's simulation of the provider. */
export function SimulatedProviderNotice({ provider }: { provider: string }) {
  return (
    <FormAlert variant="info" title="Simulated provider">
      This cluster runs on a simulated {provider}: the steps and their timing are modelled on the
      real service, but no machines are created at the provider.
    </FormAlert>
  );
}

import { FormAlert } from '@/components/ui/form';

/** Said plainly wherever a simulated driver answers: nothing real is created at the provider. */
export function SimulatedDriverNotice({ service }: { service: string }) {
  return (
    <FormAlert variant="info" title="Simulated provider">
      This driver simulates {service}: its timings, regions, quotas and refusals are modelled on the
      real service, but no resources are created at the provider.
    </FormAlert>
  );
}

import { useFormContext } from 'react-hook-form';
import { FormInputField } from '@/components/ui/hook-form';
import { Textarea } from '@/components/ui/textarea';

const mono = 'font-mono text-xs';

/**
 * A pool's labels and taints as two text fields of the enclosing form (`labels`, `taints`), one
 * per line: the add-pool form's and the pool's own dialog's.
 */
export function PoolShapeFields() {
  const { control } = useFormContext<{ labels: string; taints: string }>();
  return (
    <>
      <FormInputField
        control={control}
        name="labels"
        label="Labels"
        description="One key=value per line, e.g. example.com/team=web. Keys under kubernetes.io/, k8s.io/ and alpenkube.io/ are the platform's."
        render={(field) => (
          <Textarea
            rows={3}
            spellCheck={false}
            className={mono}
            placeholder="team=web"
            {...field}
          />
        )}
      />
      <FormInputField
        control={control}
        name="taints"
        label="Taints"
        description="One key=value:Effect per line; the effect is NoSchedule, PreferNoSchedule or NoExecute."
        render={(field) => (
          <Textarea
            rows={2}
            spellCheck={false}
            className={mono}
            placeholder="dedicated=batch:NoSchedule"
            {...field}
          />
        )}
      />
    </>
  );
}

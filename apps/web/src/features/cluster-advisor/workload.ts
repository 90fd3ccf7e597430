import { z } from 'zod';

/**
 * The questions the smart-suggestions page asks about a workload, their choices in words, and
 * the form's schema: the text typed into the number fields becomes the numbers the rules read.
 */

export const environments = ['production', 'staging', 'development', 'experiment'] as const;
export type Environment = (typeof environments)[number];

export const availabilities = ['best_effort', 'business_hours', 'critical'] as const;
export type Availability = (typeof availabilities)[number];

export const dataLocations = ['eu', 'anywhere', 'country'] as const;
export type DataLocation = (typeof dataLocations)[number];

export interface WorkloadAnswers {
  environment: Environment;
  /** What the whole workload needs, over every node: the suggestion adds headroom. */
  vcpu: number;
  memoryGib: number;
  gpu: boolean;
  dataLocation: DataLocation;
  /** ISO 3166-1 alpha-2, read only when `dataLocation` is `country`. */
  country: string;
  availability: Availability;
  /** Spark, Trino, stream processing, databases: memory-heavy, long-running jobs. */
  analytics: boolean;
}

export const environmentChoices: Record<Environment, { label: string; hint: string }> = {
  production: { label: 'Production', hint: 'Serves your customers or your company.' },
  staging: { label: 'Staging', hint: 'A copy of production to test releases on.' },
  development: { label: 'Development', hint: 'Day-to-day work, CI and previews.' },
  experiment: { label: 'Experiment', hint: 'Trying something out; may be thrown away.' },
};

export const availabilityChoices: Record<Availability, { label: string; hint: string }> = {
  best_effort: { label: 'Best effort', hint: 'A pause now and then is fine.' },
  business_hours: { label: 'Business hours', hint: 'It must work during the working day.' },
  critical: { label: '24x7 critical', hint: 'Every minute of downtime costs money.' },
};

export const dataLocationChoices: Record<DataLocation, { label: string; hint: string }> = {
  eu: { label: 'EU only', hint: 'Data stays under EU jurisdiction.' },
  anywhere: { label: 'Anywhere', hint: 'No rule on where the data lives.' },
  country: { label: 'A specific country', hint: 'Data stays in the country you choose.' },
};

/** The most a form accepts: far past any tier, so the rules can say where the catalog ends. */
export const MAX_VCPU = 10_000;
export const MAX_MEMORY_GIB = 100_000;

const wholeNumber = (what: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[0-9]+$/, `Give the ${what} as a whole number, e.g. 8`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `Give at least 1 ${what}`)
        .max(max, `At most ${max.toLocaleString('en-US')} ${what}`),
    );

/** The form's values are text where a person types; the schema's output is `WorkloadAnswers`. */
export const workloadFormSchema = z
  .strictObject({
    environment: z.enum(environments),
    vcpu: wholeNumber('vCPU', MAX_VCPU),
    memoryGib: wholeNumber('GiB', MAX_MEMORY_GIB),
    gpu: z.boolean(),
    dataLocation: z.enum(dataLocations),
    country: z.string(),
    availability: z.enum(availabilities),
    analytics: z.boolean(),
  })
  .superRefine((answers, context) => {
    if (answers.dataLocation === 'country' && !answers.country) {
      context.addIssue({ code: 'custom', path: ['country'], message: 'Choose a country' });
    }
  }) satisfies z.ZodType<WorkloadAnswers, unknown>;

export type WorkloadFormValues = z.input<typeof workloadFormSchema>;

/** A small production service, where most people start. */
export const defaultWorkloadValues: WorkloadFormValues = {
  environment: 'production',
  vcpu: '8',
  memoryGib: '32',
  gpu: false,
  dataLocation: 'eu',
  country: '',
  availability: 'business_hours',
  analytics: false,
};

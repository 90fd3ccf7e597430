import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Catalog } from '@alpenkube/contract/catalog';
import { useZodForm } from '@/components/ui/use-zod-form';
import { CLUSTER_CONFIG_PARAMS, decodeClusterConfig } from '@/lib/catalog/config-url';
import { readBillingCycle } from '@/lib/currency';
import {
  clearDraft,
  initialValues,
  newDraft,
  readDraft,
  writeDraft,
  type WizardDraft,
} from './wizard-draft';
import { wizardSchema } from './wizard-schema';
import { stepIndex, wizardSteps, type StepId } from './wizard-steps';

export type WizardMeta = Omit<WizardDraft, 'values'>;

/**
 * Where the wizard starts: a configuration link starts a new draft with every step open (the
 * visitor chose on the estimator or a tier page); otherwise the tab's draft, or a fresh one.
 */
function startingDraft(catalog: Catalog, search: URLSearchParams): WizardDraft {
  const link = decodeClusterConfig(search);
  if (Object.keys(link).length > 0) {
    const draft = newDraft(initialValues(catalog, link, readBillingCycle()));
    return { ...draft, reached: stepIndex('review') };
  }
  const stored = readDraft();
  if (stored) {
    // A checkout step without an order (storage edited by hand) falls back to the review.
    return stored.step === 'checkout' && !stored.placed ? { ...stored, step: 'review' } : stored;
  }
  return newDraft(initialValues(catalog, {}, readBillingCycle()));
}

/**
 * The wizard's state: its answers in a react-hook-form form checked by the server's own rules,
 * the current step, and the draft kept in session storage on every change.
 */
export function useClusterWizard(catalog: Catalog) {
  const [search, setSearch] = useSearchParams();
  const [initial] = useState(() => startingDraft(catalog, search));
  const schema = useMemo(() => wizardSchema(catalog), [catalog]);
  const form = useZodForm(schema, { defaultValues: initial.values });
  const [meta, setMeta] = useState<WizardMeta>(() => {
    const { values: _values, ...rest } = initial;
    return rest;
  });
  const finished = useRef(false);

  // Once read, the link's configuration lives in the draft: a reload keeps the edits made since.
  useEffect(() => {
    if (!CLUSTER_CONFIG_PARAMS.some((name) => search.has(name))) return;
    const rest = new URLSearchParams(search);
    for (const name of CLUSTER_CONFIG_PARAMS) rest.delete(name);
    setSearch(rest, { replace: true });
    // Only the link the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const save = () => {
      if (!finished.current) writeDraft({ ...meta, values: form.getValues() });
    };
    save();
    const subscription = form.watch(save);
    return () => subscription.unsubscribe();
  }, [form, meta]);

  const goTo = useCallback((step: StepId) => {
    setMeta((current) => ({
      ...current,
      step,
      reached: Math.max(current.reached, stepIndex(step)),
    }));
  }, []);

  const current = wizardSteps[stepIndex(meta.step)]!;
  const next = async () => {
    const valid = await form.trigger(current.fields, { shouldFocus: true });
    const following = wizardSteps[stepIndex(meta.step) + 1];
    if (valid && following) goTo(following.id);
  };
  const back = () => {
    const previous = wizardSteps[stepIndex(meta.step) - 1];
    if (previous) goTo(previous.id);
  };

  /** A paid order ends the draft; nothing is saved after it. */
  const finish = useCallback(() => {
    finished.current = true;
    clearDraft();
  }, []);

  /** Starts over with the catalog's defaults (the draft's order was settled elsewhere). */
  const restart = useCallback(() => {
    const fresh = newDraft(initialValues(catalog, {}, readBillingCycle()));
    const { values, ...rest } = fresh;
    form.reset(values);
    setMeta(rest);
  }, [catalog, form]);

  return { form, meta, setMeta, current, goTo, next, back, finish, finished, restart };
}

export type ClusterWizardState = ReturnType<typeof useClusterWizard>;

import { useMutation } from '@tanstack/react-query';
import { Download, KeyRound } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { SubmitButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/use-toast';
import type { ClusterActions } from '../use-cluster-actions';
import { fetchKubeconfig, rotateCredentials } from '../requests';
import { kubeconfigFileName, saveTextFile } from '../save-file';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { CopyButton } from './copy-button';
import { SectionCard } from './section-card';

/**
 * The person's kubeconfig: downloaded as a file (it holds their own token), the one command to
 * try it, and rotating the credentials, which makes every member's earlier download useless. On
 * a real provider the kubeconfig is the provider's, with a token that expires: nothing to rotate.
 */
export function KubeconfigSection({
  cluster,
  actions,
}: {
  cluster: Cluster;
  actions: Pick<ClusterActions, 'kubeconfig' | 'rotate' | 'credentials'>;
}) {
  const { toast } = useToast();
  // A real provider's cluster: the kubeconfig is the provider's, which the platform cannot revoke.
  const real = !cluster.provider.simulated;
  const fileName = kubeconfigFileName(cluster.name);
  const command = `kubectl --kubeconfig ${fileName} get nodes`;
  const download = useMutation({
    mutationFn: () => fetchKubeconfig(cluster.id),
    onSuccess: (yaml) => saveTextFile(fileName, yaml),
    onError: (error) =>
      toast({
        title: 'The kubeconfig was not downloaded',
        description: error.message,
        variant: 'destructive',
      }),
  });

  return (
    <SectionCard
      title="Access with kubectl"
      description={
        actions.kubeconfig
          ? 'Download the kubeconfig, then list the nodes:'
          : actions.credentials
            ? 'The kubeconfig can be downloaded while the cluster is running.'
            : 'Your role does not include cluster credentials: an admin of your organization can give you access.'
      }
    >
      <div className="space-y-4">
        <div className="flex items-center gap-1 rounded-lg border bg-muted/50 py-1 pr-1 pl-3">
          <code className="min-w-0 flex-1 py-1 font-mono text-xs [overflow-wrap:anywhere]">
            {command}
          </code>
          <CopyButton text={command} label="Copy the command" />
        </div>
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            type="button"
            size="sm"
            pending={download.isPending}
            pendingText="Downloading…"
            disabled={!actions.kubeconfig || download.isPending}
            onClick={() => download.mutate()}
          >
            <Download aria-hidden="true" />
            Download kubeconfig
          </SubmitButton>
          {real ? null : (
            <ConfirmActionDialog
              trigger={
                <>
                  <KeyRound aria-hidden="true" />
                  Rotate credentials
                </>
              }
              triggerProps={{ disabled: !actions.rotate }}
              title="Rotate the credentials?"
              description="Every member's kubeconfig of this cluster stops working at once; each downloads a new one afterwards. Do it when a kubeconfig may have leaked."
              confirmLabel="Rotate credentials"
              pendingText="Rotating…"
              destructive
              run={() => rotateCredentials(cluster.id)}
              done={{
                title: 'Credentials rotated',
                description: 'Earlier kubeconfigs no longer work: download a new one.',
              }}
              refused="The credentials were not rotated"
            />
          )}
        </div>
        {real ? (
          <p className="text-sm text-muted-foreground">
            The kubeconfig is {cluster.provider.name}&rsquo;s own, fetched from its API at each
            download: its token expires after seven days, and downloading again gives a fresh one.
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}

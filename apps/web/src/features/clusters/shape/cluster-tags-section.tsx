import { Link } from 'react-router';
import { Tags } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { SectionCard } from '../components/section-card';
import { ClusterTagsForm, loadShapeForms } from './lazy-shape-forms';
import { TagChips } from './tag-chips';

/** The cluster's tags for cost allocation: the list and the usage report filter by them. */
export function ClusterTagsSection({ cluster, canTag }: { cluster: Cluster; canTag: boolean }) {
  return (
    <SectionCard
      title="Tags"
      description="For cost allocation: filter the cluster list and the usage report by them."
      action={
        <FormDialog
          preload={loadShapeForms}
          trigger={
            <>
              <Tags aria-hidden="true" />
              Edit tags
            </>
          }
          triggerProps={{ disabled: !canTag, 'aria-label': `Edit tags of ${cluster.name}` }}
          title={`Tags of ${cluster.name}`}
        >
          {(close) => <ClusterTagsForm cluster={cluster} close={close} />}
        </FormDialog>
      }
    >
      {cluster.tags.length ? (
        <div className="space-y-3">
          <TagChips tags={cluster.tags} label={`Tags of ${cluster.name}`} />
          <p className="text-sm text-muted-foreground">
            Usage of a tag:{' '}
            {cluster.tags.map((tag, index) => (
              <span key={tag}>
                {index > 0 ? ', ' : null}
                <Link
                  className="font-mono underline"
                  to={`/usage?tag=${encodeURIComponent(tag)}`}
                  aria-label={`Usage of the clusters tagged ${tag}`}
                >
                  {tag}
                </Link>
              </span>
            ))}
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No tags yet.</p>
      )}
    </SectionCard>
  );
}

import { Link } from 'react-router';
import { PageHeading } from '@/components/page/page-heading';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { CustomSolutionForm } from '../components/custom-solution-form';

/** /custom-solutions: ask for an architecture the catalog does not cover. */
export function CustomSolutionsPage() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <PageHeading
        title="Custom solutions"
        lead={
          <>
            Tell our solution architects what you need: certified hosting (HDS, SecNumCloud),
            dedicated hardware, sovereign operations. The request becomes a sales ticket you follow
            on{' '}
            <Link
              to={paths.supportOrders}
              className="text-primary underline-offset-4 hover:underline"
            >
              your support tickets
            </Link>
            .
          </>
        }
      />
      <Card>
        <CardContent className="pt-6">
          <CustomSolutionForm />
        </CardContent>
      </Card>
    </div>
  );
}

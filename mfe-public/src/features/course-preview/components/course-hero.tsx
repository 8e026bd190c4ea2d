import { Badge, ServerMarkup } from '@platform/ui';
import { ChevronRightIcon, ShieldCheckIcon, StarIcon, UsersIcon } from 'lucide-react';
import { Highlight, HighlightList } from '../../../components/highlight-list';

/**
 * The page's title block: breadcrumb, the headline and the offer. Static: it paints before the outline
 * loads, and the first view keeps it as drawn (docs/decisions.md, 109).
 */
export function CourseHero() {
  return (
    <ServerMarkup as="header" className="space-y-4">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <li>Business</li>
          <li aria-hidden="true">
            <ChevronRightIcon className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-foreground">
            Restaurant Management
          </li>
        </ol>
      </nav>
      <Badge variant="warning" className="px-3 py-1 text-sm">
        Limited Time Offer
      </Badge>
      <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
        Why Customers Don&apos;t Come Back — and How to Fill Your Tables Again
      </h1>
      <p className="max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
        A practical course for restaurant owners, taught by a former owner: fix what guests notice but never
        mention, build systems that bring them back, and go from 2-6 tables at a time to 35+ tables in 6
        weeks.
      </p>
      <HighlightList label="Course highlights">
        <Highlight icon={StarIcon} rated>
          <span>
            <strong className="font-semibold text-foreground">4.9/5</strong> rating
          </span>
        </Highlight>
        <Highlight icon={UsersIcon}>
          <span>
            <strong className="font-semibold text-foreground">500+</strong> students
          </span>
        </Highlight>
        <Highlight icon={ShieldCheckIcon}>
          <span>30-day money-back guarantee</span>
        </Highlight>
      </HighlightList>
    </ServerMarkup>
  );
}

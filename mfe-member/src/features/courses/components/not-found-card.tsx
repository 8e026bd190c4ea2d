/** 'Course Not Found' / 'Module Not Found': the page's main heading, a line, and the way back to /courses. */
import { Link } from 'react-router-dom';
import { Button } from '@platform/ui';

export function NotFoundCard({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-20 text-center" data-testid="not-found">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <Button asChild className="mt-8">
        <Link to="/courses">Back to Courses</Link>
      </Button>
    </div>
  );
}

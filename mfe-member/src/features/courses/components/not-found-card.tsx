/** 'Course Not Found' / 'Module Not Found': the page's main heading, a line, and the way back to /courses. */
import { ButtonLink } from '@platform/ui';

export function NotFoundCard({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-20 text-center" data-testid="not-found">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <ButtonLink to="/courses" className="mt-8">
        Back to Courses
      </ButtonLink>
    </div>
  );
}

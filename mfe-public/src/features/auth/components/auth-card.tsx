/** The frame every sign-in page shares: a centred card with an icon, the page's h1 and a footer line. */
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter, CardHeader } from '@platform/ui';
import type { LucideIcon } from 'lucide-react';

type AuthCardProps = {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

export function AuthCard({ icon: Icon, title, description, children, footer }: AuthCardProps) {
  return (
    <div className="flex flex-1 justify-center px-4 py-8 sm:items-center sm:py-16">
      <Card className="h-fit w-full max-w-md">
        <CardHeader className="items-center gap-2 px-5 pb-4 text-center sm:px-8 sm:pt-8">
          <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
          <p className="text-sm text-muted-foreground text-pretty">{description}</p>
        </CardHeader>
        <CardContent className="px-5 sm:px-8">{children}</CardContent>
        {footer ? (
          <CardFooter className="justify-center border-t border-border px-5 py-5 text-center text-sm text-muted-foreground sm:px-8">
            {footer}
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}

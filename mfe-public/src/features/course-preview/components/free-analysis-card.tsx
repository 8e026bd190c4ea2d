import { Link } from 'react-router-dom';
import { Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@platform/ui';
import { CameraIcon, CircleCheckIcon } from 'lucide-react';

const BENEFITS = [
  'Personalized photo analysis of your restaurant',
  'Specific recommendations on what to change, remove or add',
  'Training on customer psychology and expectations',
  'Sustainable systems to keep customers coming back',
  'The 2-6 to 35+ tables methodology',
];

export function FreeAnalysisCard() {
  return (
    <Card className="overflow-hidden border-primary/30">
      <div className="h-1.5 bg-primary" aria-hidden="true" />
      <CardHeader className="gap-2">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <CameraIcon className="size-5" aria-hidden="true" />
          </span>
          <CardTitle asChild>
            <h2 className="text-xl">FREE Analysis</h2>
          </CardTitle>
        </div>
        <CardDescription>
          Send us photos of your restaurant and learn how to go from 2-6 tables at a time to 35+ tables in 6
          weeks.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3 text-sm">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2.5">
              <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild size="lg" className="w-full">
          <Link to="/consultation">Get FREE Photo Analysis</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

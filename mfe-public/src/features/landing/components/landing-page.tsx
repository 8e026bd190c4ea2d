/**
 * `/old-landing`: the signed-out landing page
 * (docs/behaviour/public-site-and-catalogue.md#older-landing-page).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  SITE_NAME,
  ServerMarkup,
  useDocumentTitle,
} from '@platform/ui';
import {
  AwardIcon,
  CameraIcon,
  ChefHatIcon,
  ClockIcon,
  GraduationCapIcon,
  ListVideoIcon,
  SparklesIcon,
  StarIcon,
  TrendingUpIcon,
  UsersIcon,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Highlight, HighlightList } from '../../../components/highlight-list';

// Sign-in starts at the server (`/api/login`), so these are full navigations, not client routes.
const LOGIN_HREF = '/api/login';

const BENEFITS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Expert Guidance',
    text: 'Learn from a former restaurant owner who turned a quiet dining room into a full one, step by step.',
    icon: GraduationCapIcon,
  },
  {
    title: 'Interactive Learning',
    text: 'Short video lessons with key takeaways and checklists you apply in your own restaurant the same day.',
    icon: ListVideoIcon,
  },
  {
    title: 'Proven Results',
    text: 'A method that takes owners from 2-6 tables at a time to 35+ tables in 6 weeks.',
    icon: TrendingUpIcon,
  },
];

const CHAPTERS: { title: string; lessons: string[] }[] = [
  {
    title: 'Foundation',
    lessons: [
      'Why customers do not come back',
      'Seeing your restaurant through a guest’s eyes',
      'Operations that run without you',
      'Customer service that guests remember',
    ],
  },
  {
    title: 'Implementation',
    lessons: [
      'Menu, music and atmosphere',
      'Pricing and portions that sell',
      'To-go boxes, names and the small details',
      'Common mistakes and setting your goals',
    ],
  },
];

const THREE_POINTS = [
  {
    word: 'FREE',
    title: 'Photo analysis',
    text: 'Send photos of your restaurant and get specific advice on what to change, remove or add.',
    icon: CameraIcon,
  },
  {
    word: 'REAL',
    title: 'Experience-based',
    text: 'Everything comes from years of running a restaurant, not from theory or a textbook.',
    icon: ChefHatIcon,
  },
  {
    word: 'NEW',
    title: 'Starting fresh',
    text: 'Made for new owners: start right from day one instead of learning by losing customers.',
    icon: SparklesIcon,
  },
];

function LoginButton({ children, variant }: { children: string; variant?: 'default' | 'outline' }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <a href={LOGIN_HREF}>{children}</a>
    </Button>
  );
}

/** A section of the page under its heading and a line introducing it; text only, kept as drawn. */
function IntroducedSection({
  id,
  title,
  intro,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <ServerMarkup as="section" aria-labelledby={id} className="space-y-8">
      <div className="max-w-2xl space-y-2">
        <h2 id={id} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="text-muted-foreground">{intro}</p>
      </div>
      {children}
    </ServerMarkup>
  );
}

export function LandingPage() {
  useDocumentTitle(`Restaurant Management Course for Owners | ${SITE_NAME}`);

  return (
    // No top bar of its own: the site header above already carries the brand and the one sign-in button.
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10 space-y-16 sm:space-y-20">
      <ServerMarkup
        as="section"
        className="grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_26rem]"
        aria-labelledby="hero-heading"
      >
        <div className="space-y-6">
          <Badge variant="warning" className="px-3 py-1 text-sm">
            For new and struggling restaurant owners
          </Badge>
          <h1 id="hero-heading" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Turn first-time guests into regulars
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            The restaurant-management course that shows you why customers do not come back, and exactly what
            to do about it — from a former owner who has done it.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <LoginButton>Start Watching Now</LoginButton>
            <Button asChild size="lg" variant="outline">
              <Link to="/services">View All Services</Link>
            </Button>
          </div>
          <HighlightList label="At a glance">
            <Highlight icon={StarIcon} rated>
              4.9/5 rating
            </Highlight>
            <Highlight icon={UsersIcon}>500+ students</Highlight>
            <Highlight icon={AwardIcon}>30-day money-back guarantee</Highlight>
          </HighlightList>
        </div>

        <Card className="overflow-hidden">
          <div className="bg-gradient-to-br from-orange-700 via-orange-800 to-stone-900 p-6 text-white">
            <p className="text-sm font-semibold tracking-wide text-orange-100 uppercase">Featured course</p>
            <h2 className="mt-2 text-2xl font-bold">Restaurant Management Mastery</h2>
            <p className="mt-2 text-sm text-orange-50">An 8-day program: one section released every day.</p>
          </div>
          <CardContent className="grid grid-cols-2 gap-3 pt-6 sm:gap-4">
            <div className="flex items-center gap-3">
              <ListVideoIcon className="size-5 shrink-0 text-primary sm:size-6" aria-hidden="true" />
              <p>
                <span className="block text-lg font-bold whitespace-nowrap sm:text-xl">45+ lessons</span>
                <span className="text-sm text-muted-foreground">on video</span>
              </p>
            </div>
            <div className="flex items-center gap-3">
              <ClockIcon className="size-5 shrink-0 text-primary sm:size-6" aria-hidden="true" />
              <p>
                <span className="block text-lg font-bold whitespace-nowrap sm:text-xl">18+ hours</span>
                <span className="text-sm text-muted-foreground">of content</span>
              </p>
            </div>
          </CardContent>
          <CardFooter>
            <Button asChild size="lg" className="w-full">
              <a href={LOGIN_HREF}>Start Your Journey</a>
            </Button>
          </CardFooter>
        </Card>
      </ServerMarkup>

      <IntroducedSection
        id="benefits-heading"
        title="Why owners choose this course"
        intro="Practical, fast to apply, and built on real restaurant experience."
      >
        <div className="grid gap-6 md:grid-cols-3">
          {BENEFITS.map(({ title, text, icon: Icon }) => (
            <Card key={title}>
              <CardHeader>
                <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle className="pt-2">{title}</CardTitle>
                <CardDescription className="text-base">{text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </IntroducedSection>

      <IntroducedSection
        id="chapters-heading"
        title="What you will learn"
        intro="Two parts: the foundation first, then putting it to work."
      >
        <div className="grid gap-6 md:grid-cols-2">
          {CHAPTERS.map((chapter, chapterIndex) => (
            <Card key={chapter.title}>
              <CardHeader>
                <p className="text-sm font-semibold text-primary">Part {chapterIndex + 1}</p>
                <CardTitle>{chapter.title}</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="space-y-3">
                  {chapter.lessons.map((lesson, index) => (
                    <li key={lesson} className="flex items-start gap-3">
                      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold">
                        {chapterIndex * chapter.lessons.length + index + 1}
                      </span>
                      <span className="pt-0.5">{lesson}</span>
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          ))}
        </div>
      </IntroducedSection>

      <ServerMarkup
        as="section"
        aria-labelledby="three-points-heading"
        className="rounded-2xl bg-muted px-6 py-10 sm:px-10"
      >
        <h2 id="three-points-heading" className="text-center text-3xl font-bold tracking-tight">
          Free, real and made for a fresh start
        </h2>
        <div className="mt-8 grid gap-8 md:grid-cols-3">
          {THREE_POINTS.map(({ word, title, text, icon: Icon }) => (
            <div key={word} className="text-center">
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-card text-primary shadow-sm">
                <Icon className="size-7" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="text-primary">{word}</span> {title.toLowerCase()}
              </h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </ServerMarkup>

      <ServerMarkup
        as="section"
        aria-labelledby="closing-heading"
        className="rounded-2xl bg-stone-900 px-6 py-12 text-center text-stone-50 sm:px-10 dark:bg-stone-800"
      >
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-balance">
          Ready to fill your tables?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-stone-300">
          Join 500+ restaurant owners. Start today, with a 30-day money-back guarantee.
        </p>
        <div className="mt-6 flex justify-center">
          <LoginButton>Get Started Now</LoginButton>
        </div>
      </ServerMarkup>
    </div>
  );
}

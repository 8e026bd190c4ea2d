/**
 * The older dashboard's guided tour, with driver.js (loaded only when the tour starts). Finishing stores
 * `completed`; Skip, the close button, Escape or a click outside store `skipped`. Texts are fixed strings
 * (driver.js renders them as HTML), never user data.
 */
import { driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import '../components/dashboard-tour.css';
import { recordTourOutcome, type TourOutcome } from './tutorial-storage';

export const TOUR_STEPS: DriveStep[] = [
  {
    element: '[data-tour="welcome"]',
    popover: {
      title: 'Welcome to your course',
      description: 'This quick tour shows where everything is. It takes less than a minute.',
      side: 'bottom',
      align: 'start',
    },
  },
  {
    element: '[data-tour="progress"]',
    popover: {
      title: 'Your progress',
      description: 'See how far you have come: completed modules and the time you have invested.',
      side: 'bottom',
      align: 'start',
    },
  },
  {
    element: '[data-tour="chapters"]',
    popover: {
      title: 'Course chapters',
      description:
        'A new chapter unlocks each day. Open a chapter to see its lessons; locked ones show when they open.',
      side: 'right',
      align: 'start',
    },
  },
  {
    element: '[data-tour="viewer"]',
    popover: {
      title: 'Watch and learn',
      description:
        'The selected lesson plays here, with its key takeaways below. Your place is saved as you watch.',
      side: 'left',
      align: 'start',
    },
  },
];

export interface DashboardTour {
  /** Ends the tour without storing anything (the page is going away). */
  cancel(): void;
}

export function startDashboardTour(storage: Storage | undefined): DashboardTour {
  let ended = false;
  const tour = driver({
    steps: TOUR_STEPS,
    showProgress: true,
    progressText: 'Step {{current}} of {{total}}',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Finish',
    popoverClass: 'dashboard-tour',
    popoverOffset: 20,
    smoothScroll: true,
    onPopoverRender: (popover) => {
      const skip = document.createElement('button');
      skip.type = 'button';
      skip.className = 'dashboard-tour-skip';
      skip.textContent = 'Skip';
      skip.addEventListener('click', () => end('skipped'));
      popover.footer.insertBefore(skip, popover.footerButtons);
    },
    onDoneClick: () => end('completed'),
    // Close button, Escape and a click on the overlay all come through here.
    onDestroyStarted: () => end('skipped'),
  });

  function end(outcome: TourOutcome | null) {
    if (ended) return;
    ended = true;
    if (outcome) recordTourOutcome(storage, outcome);
    tour.destroy();
  }

  tour.drive();
  return { cancel: () => end(null) };
}

/**
 * The older dashboard's guided tour, with driver.js (loaded only when the tour starts). Finishing stores
 * `completed`; Skip, the close button, Escape or a click outside store `skipped`. Texts are fixed strings
 * (driver.js renders them as HTML), never user data.
 */
import { driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import '../components/dashboard-tour.css';
import { recordTourOutcome, type TourOutcome } from './tutorial-storage';

/** The popover's width (dashboard-tour.css) and its gap from the highlight (driver.js's 10 px stage padding). */
const POPOVER_WIDTH_PX = 384;
const POPOVER_OFFSET_PX = 20;
const STAGE_PADDING_PX = 10;

const CHAPTERS_POPOVER = {
  title: 'Course chapters',
  description:
    'A new chapter unlocks each day. Open a chapter to see its lessons; locked ones show when they open.',
};

/**
 * Step 3 must leave the chapter list it describes in view. Where the list is a column with room beside it
 * (wide screens), the popover sits to its right, level with its top. Where the list is as wide as the page
 * (phones, tablets), nothing fits beside it and driver.js would lay the popover over the list: the step then
 * points at the list's heading and puts the popover above it, so the chapters stay uncovered below.
 */
export function getChaptersStep(roomBeside: boolean): DriveStep {
  return roomBeside
    ? { element: '[data-tour="chapters"]', popover: { ...CHAPTERS_POPOVER, side: 'right', align: 'start' } }
    : { element: '#chapters-heading', popover: { ...CHAPTERS_POPOVER, side: 'top', align: 'start' } };
}

/** Whether the chapter list has room for the popover to its right in this window. */
function hasRoomBesideChapters(): boolean {
  const list = document.querySelector('[data-tour="chapters"]');
  if (!list) return false;
  const room = window.innerWidth - list.getBoundingClientRect().right;
  return room >= POPOVER_WIDTH_PX + POPOVER_OFFSET_PX + STAGE_PADDING_PX;
}

export function getTourSteps(roomBesideChapters: boolean): DriveStep[] {
  return [
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
    getChaptersStep(roomBesideChapters),
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
}

export interface DashboardTour {
  /** Ends the tour without storing anything (the page is going away). */
  cancel(): void;
}

export function startDashboardTour(storage: Storage | undefined): DashboardTour {
  let ended = false;
  const tour = driver({
    steps: getTourSteps(hasRoomBesideChapters()),
    showProgress: true,
    progressText: 'Step {{current}} of {{total}}',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Finish',
    popoverClass: 'dashboard-tour',
    popoverOffset: POPOVER_OFFSET_PX,
    smoothScroll: true,
    // driver.js places the popover again on every scroll, but until a step's move has finished it measures
    // the previous step's element: the smooth scroll to the tall chapter list left step 3's popover where
    // step 2's would go, over the list. Placing it once more when the move ends puts it where it belongs.
    onHighlighted: () => tour.refresh(),
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

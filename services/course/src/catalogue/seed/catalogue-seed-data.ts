/**
 * The catalogue seeded at first start (docs/behaviour/public-site-and-catalogue.md#catalogue): the course (8
 * sections, 45 lessons; docs/decisions.md, 4 and 24) and the four services products (docs/decisions.md, 1).
 * Lesson texts are ours: the reference gives only section names and counts. `media` names a file shipped in
 * `services/course/media/` (stored under `course-media/`), or a YouTube link.
 */

export interface SeedLesson {
  title: string;
  content: string;
  keyPoints: string[];
  /** Minutes; 0 for a document. */
  duration: number;
  media: string;
}

export interface SeedSection {
  title: string;
  description: string;
  lessons: SeedLesson[];
}

/** Free lessons cycle through these. */
const FREE_PREVIEWS = ['free-preview-1.mp4', 'free-preview-2.mp4', 'free-preview-3.mp4'];
/** The first lesson of sections 2-8, open to visitors. */
const SECTION_INTRODUCTION = 'section-introduction.mp4';
/** The locked lessons: for enrolled members only, never on the public demo path. */
const MEMBER_LESSON = 'member-lesson.mp4';
export const BONUS_WORKBOOK = 'restaurant-goals-workbook.pdf';
/** Big Buck Bunny (Blender Foundation, CC BY 3.0): a stand-in showing the YouTube form of a lesson. */
const YOUTUBE_SAMPLE = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

type LessonText = Omit<SeedLesson, 'media'>;

const freeLessons: LessonText[] = [
  {
    title: 'Welcome: From 2-6 Tables to 35+',
    content:
      'How this course works: eight sections, one released each day, each ending with one change to make this week. You will follow the method that took a quiet dining room from two to six occupied tables on a Friday night to more than thirty-five within six weeks. Before changing anything, write down how many covers you served each day last week.',
    keyPoints: [
      'One section unlocks each day for eight days',
      'Every lesson ends with one concrete change for this week',
      "Record last week's covers per day as your starting line",
    ],
    duration: 6.5,
  },
  {
    title: "Why Guests Don't Come Back",
    content:
      "Most guests who leave unhappy never complain; they simply don't return and tell their friends instead. The usual causes are small: nobody acknowledged them for several minutes, the dish was different from last time, or the room felt empty and cold. Fixing these costs little and shows up in your numbers within weeks.",
    keyPoints: [
      'Unhappy guests rarely complain; they quietly stop coming',
      'Slow acknowledgement hurts more than slow food',
      'Consistency beats the occasional brilliant night',
      'Small fixes show up in repeat visits within weeks',
    ],
    duration: 9,
  },
  {
    title: 'The First 60 Seconds at the Table',
    content:
      'Every table should be greeted within 60 seconds of sitting down, even if the server is busy: a smile, water, and "I\'ll be right with you" is enough. That first minute decides whether the guest relaxes or starts watching the clock. Make it a house rule and check it on your busiest shift.',
    keyPoints: [
      'Greet every table within 60 seconds of seating',
      'Water on the table buys time when the floor is busy',
      'Any team member can greet; it does not have to be the server',
    ],
    duration: 7.5,
  },
  {
    title: "Seeing Your Restaurant Through a Guest's Eyes",
    content:
      'Walk in from the car park as a stranger would, at the hour your guests arrive. Look at the entrance, the smell at the door, the host stand, the lighting and the restrooms before you look at the food. Write down everything a first-time guest would notice in the first five minutes.',
    keyPoints: [
      'Do the walk-through at the time guests actually arrive',
      'Entrance, smell, lighting and restrooms form the first impression',
      'List what you see, then fix the cheapest items first',
    ],
    duration: 8,
  },
  {
    title: 'The Photo Walkthrough: What to Capture',
    content:
      'For your free photo analysis, photograph the outside by day and by night, the entrance, the host stand, the dining room from each corner, the bar, the restrooms and the kitchen pass. Add your current menu and a short walkthrough video at opening time. Honest photos of an ordinary night are worth more than tidy ones taken after a deep clean.',
    keyPoints: [
      'Photograph the outside by day and by night',
      'Shoot the dining room from every corner',
      'Include the menu and a short walkthrough video',
      'Show an ordinary night, not a staged one',
    ],
    duration: 6,
  },
  {
    title: 'Reading Your Numbers: Covers, Average Check and Table Turns',
    content:
      'Three numbers tell you most of what you need: covers per service, average check per guest, and table turns (covers divided by seats). A 40-seat room doing 60 covers at dinner turns 1.5 times; raising that to 2 with no extra staff is often the fastest profit you can find. Track all three daily on one sheet.',
    keyPoints: [
      'Covers x average check = sales; know both, not just the total',
      'Table turns = covers divided by seats for a service',
      'Track the three numbers daily on one sheet',
    ],
    duration: 11,
  },
  {
    title: 'Food Cost Percentage in Plain Terms',
    content:
      'Food cost percentage is what you paid for ingredients divided by what you sold in food, over the same period. Most full-service restaurants aim for 28 to 32 percent; above 35 percent, money is leaking through waste, portions or prices. Work it out weekly from opening inventory plus purchases minus closing inventory.',
    keyPoints: [
      'Food cost % = cost of food used / food sales',
      'Aim for roughly 28-32% in full service',
      'Cost of food used = opening inventory + purchases - closing inventory',
      'Calculate it every week, not once a quarter',
    ],
    duration: 10.5,
  },
  {
    title: 'Prep Lists That Prevent 8 PM Shortages',
    content:
      'Set a par level for every prepped item: how much you need on hand for a normal service. Each afternoon the prep list is simply par minus what is already there, so the team preps what is needed instead of what they like to make. Running out of a best seller at 8 PM costs you more than the ingredient ever would.',
    keyPoints: [
      'Every prepped item gets a par level',
      "Today's prep = par minus on hand",
      'Adjust pars for weekends, events and weather',
    ],
    duration: 8.5,
  },
  {
    title: 'The Host Stand Sets the Pace',
    content:
      "The host decides how evenly the kitchen and the servers are loaded. Seat in rotation across sections, space out large parties, and quote waits honestly; padding a quote by five minutes turns a wait into a pleasant surprise. A host who can see the whole room prevents most of the night's problems.",
    keyPoints: [
      'Seat in rotation so no section is slammed at once',
      'Space large parties to protect the kitchen',
      'Quote waits a little long, never short',
    ],
    duration: 7,
  },
  {
    title: 'Clean, Bright and Quiet Enough to Talk',
    content:
      'Guests judge the kitchen by the restrooms and the table surface they can touch. Check lighting at dinner time, not in the afternoon, and make sure two people can talk across the table without raising their voices. Put restroom checks on a 30-minute schedule with a sign-off sheet.',
    keyPoints: [
      'Restrooms are read as a preview of the kitchen',
      'Check lighting and noise at the hour you are busiest',
      'Restroom checks every 30 minutes, signed off',
    ],
    duration: 6.5,
  },
  {
    title: 'Your Menu Is Your Best Salesperson',
    content:
      'A shorter menu is easier to order from, faster to cook and cheaper to stock. Put your most profitable dishes where eyes land first, usually the top right and the first two items of each section, and describe them in plain, appetising words. Drop the dollar signs and the dotted lines that lead the eye to the price.',
    keyPoints: [
      'Fewer items mean faster decisions and less waste',
      'Place the most profitable dishes where eyes land first',
      'Describe dishes plainly and appetisingly',
      'Show prices without dollar signs or leader dots',
    ],
    duration: 9.5,
  },
  {
    title: 'Training Staff in Ten-Minute Pre-Shift Meetings',
    content:
      'A ten-minute line-up before each service does more than a day of training once a year. Cover the specials, the 86 list, the reservations for the night and one service standard to focus on. Have the kitchen send a taste of each special so servers can describe it from experience.',
    keyPoints: [
      'Ten minutes before every service, every day',
      'Specials, 86 list, bookings and one standard to practise',
      'Servers taste the specials before they sell them',
    ],
    duration: 8,
  },
  {
    title: 'Turning First-Time Guests into Regulars',
    content:
      'The second visit is the hardest one to earn. Learn names, note preferences in your booking system, and give first-time guests a reason to come back soon, such as a dish that is only on next week. A regular who visits twice a month is worth more than any one-off promotion.',
    keyPoints: [
      'Aim for the second visit, not just the first',
      'Record names and preferences where the whole team can see them',
      'Give a specific reason to return within two weeks',
    ],
    duration: 7.5,
  },
  {
    title: 'Online Reviews: Read, Reply, Repair',
    content:
      'Read every review each week and reply within 48 hours, thanking the good ones by name and answering the bad ones calmly. Take complaints offline with a direct contact, then fix the cause so it does not happen again. Future guests read your replies as closely as the reviews.',
    keyPoints: [
      'Reply to every review within 48 hours',
      'Answer criticism calmly and move it to a private conversation',
      'Fix the cause, not just the reply',
    ],
    duration: 6,
  },
  {
    title: 'Your First-Week Action Plan',
    content:
      'Pick three changes from these free lessons and run them for seven days: for most owners that is the 60-second greeting, a daily prep list and a weekly food cost. Keep counting covers every day so you can see what moved. The full course builds on these habits one section per day.',
    keyPoints: [
      'Choose three changes and run them for seven days',
      'Keep counting covers daily to measure the effect',
      'Build the next habits on top of these, one section at a time',
    ],
    duration: 5.5,
  },
];

const sectionsWithoutMedia: { title: string; description: string; lessons: LessonText[] }[] = [
  {
    title: 'Operations Management',
    description:
      'The daily systems that keep service smooth: checklists, inventory, scheduling and the line.',
    lessons: [
      {
        title: 'Opening and Closing Checklists',
        content:
          'Write one checklist for opening and one for closing, station by station, and have the person responsible sign each one. Checklists stop the same small failures from repeating, such as an empty sanitiser bucket or a walk-in left open overnight. Review them monthly and remove anything nobody actually checks.',
        keyPoints: [
          'One opening and one closing checklist per station',
          'Each list is signed by the person responsible',
          'Review monthly and cut items nobody checks',
        ],
        duration: 9,
      },
      {
        title: 'Inventory, Par Levels and Ordering',
        content:
          'Count inventory on the same day and at the same time every week, in shelf order, so counts are comparable. Order to par instead of by feel, and rotate stock first-in, first-out with dated labels. Most over-ordering comes from guessing; most shortages come from not counting.',
        keyPoints: [
          'Count weekly, same day, same time, in shelf order',
          'Order up to par levels, not by feel',
          'Label with dates and rotate first-in, first-out',
        ],
        duration: 12,
      },
      {
        title: 'Scheduling Staff to Your Covers',
        content:
          "Build the schedule from forecast covers by hour, not from last week's schedule. Stagger start and finish times so you are not paying four servers at 5 PM for a rush that starts at 7. Aim to keep labour cost around 25 to 35 percent of sales, depending on your style of service.",
        keyPoints: [
          'Schedule from forecast covers by hour',
          'Stagger start and cut times around the real rush',
          'Keep labour roughly 25-35% of sales',
          'Compare scheduled hours with actual covers every week',
        ],
        duration: 10.5,
      },
      {
        title: 'Kitchen Flow and Ticket Times',
        content:
          'Set a target ticket time for each course, for example 12 minutes for mains from the moment the order is fired, and measure it. Set stations up so cooks never cross each other, and let one person run the pass to call, check and send every plate. Long ticket times usually point to a setup problem, not a slow cook.',
        keyPoints: [
          'Set and measure a target ticket time per course',
          'Lay out stations so cooks never cross paths',
          'One person runs the pass and checks every plate',
        ],
        duration: 11,
      },
    ],
  },
  {
    title: 'Section 3',
    description: 'Front-of-house flow: the floor plan, turning tables without rushing, and a full house.',
    lessons: [
      {
        title: 'Designing a Floor Plan That Seats More',
        content:
          'Most covers are parties of two, so a floor made of movable two-tops seats more guests than one of fixed four-tops. Keep clear paths from the kitchen to every section and from the door to the host stand. Count your covers by party size for a week before you move any furniture.',
        keyPoints: [
          'Match the table mix to the party sizes you actually get',
          'Movable two-tops combine into fours and sixes',
          'Keep clear paths for servers and arriving guests',
        ],
        duration: 8.5,
      },
      {
        title: 'Turning Tables Without Rushing Guests',
        content:
          'Guests do not mind a fast meal; they mind feeling hurried. Clear finished plates promptly, offer dessert and coffee once, and bring the bill as soon as they decline rather than making them hunt for the server. Shaving ten minutes of waiting per table adds a full turn on a busy night.',
        keyPoints: [
          'Remove waiting, not attentive service',
          'Offer dessert once; bring the bill when they decline',
          'Ten minutes saved per table can add a turn per night',
        ],
        duration: 9,
      },
      {
        title: 'Handling the Rush: Waitlists and Reservations',
        content:
          'Hold back part of the room for walk-ins and pace reservations in 15-minute blocks so the kitchen is not hit by every table at once. Use a text-message waitlist so waiting guests can step out instead of crowding the door. On a full night, a drink or a small bite at the bar keeps waiting guests happy.',
        keyPoints: [
          'Pace reservations in 15-minute blocks',
          'Keep some tables for walk-ins',
          'Let waiting guests leave the door with a text waitlist',
        ],
        duration: 10,
      },
    ],
  },
  {
    title: 'Customer Service Excellence',
    description:
      'Service standards the whole team can follow, complaints handled well, and selling by suggestion.',
    lessons: [
      {
        title: 'Service Standards Everyone Can Follow',
        content:
          'Write down the steps of service from greeting to farewell, with a time for each: greet within 60 seconds, drinks within 5 minutes, check back two bites into the main. Train new staff on the written steps and coach on one step per shift. Standards that are not written down change with every new hire.',
        keyPoints: [
          'Write the steps of service with a time for each',
          'Check back two bites into the main course',
          'Coach one step per shift rather than everything at once',
        ],
        duration: 10,
      },
      {
        title: 'Handling Complaints: Listen, Apologise, Fix, Follow Up',
        content:
          'When a guest complains, listen without interrupting, apologise for how they feel, fix the problem quickly and come back to check it is right. Give servers the authority to replace a dish or comp a dessert without finding a manager. A complaint handled well often creates a more loyal guest than a night with no problem at all.',
        keyPoints: [
          'Listen fully before answering',
          'Apologise, fix quickly, then check back',
          'Let servers resolve small problems without a manager',
          'Log complaints to find the ones that repeat',
        ],
        duration: 8.5,
      },
      {
        title: 'Reading the Table: Suggesting Without Pushing',
        content:
          'Selling well means making a specific suggestion that fits the table: a named starter to share, or the wine that suits the dish they ordered. Servers who describe a dish they have tasted sell it naturally. Read the table first; a couple in a hurry wants speed, not a sales pitch.',
        keyPoints: [
          'Suggest one specific item, not "anything else?"',
          'Describe dishes the server has tasted',
          'Read the table before suggesting anything',
        ],
        duration: 7.5,
      },
    ],
  },
  {
    title: 'Menu and Music',
    description: 'Engineer the menu for profit and popularity, and set the mood of the room with sound.',
    lessons: [
      {
        title: 'Menu Engineering: Stars, Plowhorses, Puzzles and Dogs',
        content:
          'Sort every dish by two measures: how many you sell and how much profit each one makes. Stars (popular and profitable) get the best spots on the menu; plowhorses (popular, low profit) get a price or portion review; puzzles (profitable, rarely ordered) get a better description or position; dogs come off the menu. Repeat the exercise every season.',
        keyPoints: [
          'Rank each dish by sales volume and by profit per plate',
          'Feature the stars; re-price or re-portion the plowhorses',
          'Reposition or rename puzzles; remove the dogs',
          'Repeat every season with fresh sales data',
        ],
        duration: 13,
      },
      {
        title: 'Music, Volume and the Mood of the Room',
        content:
          'Choose music for the guest you want, not for the staff, and set the volume so conversation stays easy. Slower, quieter music suits long dinners; a livelier playlist suits a quick lunch service. Keep separate playlists for each daypart and make someone responsible for changing them.',
        keyPoints: [
          'Play music for your guests, not your staff',
          'Keep the volume low enough for easy conversation',
          'Use a separate playlist for each daypart',
        ],
        duration: 7,
      },
    ],
  },
  {
    title: 'Pricing and Portions',
    description: 'Cost every plate, price with confidence, and serve the same portion every time.',
    lessons: [
      {
        title: 'Costing Every Plate',
        content:
          "Make a recipe card for every dish listing each ingredient, its quantity and its current cost, including garnish and oil. The plate cost is the sum; divide it by the menu price to see that dish's food cost percentage. Update the cards whenever a supplier changes a price.",
        keyPoints: [
          'A recipe card for every dish, garnish included',
          'Plate cost / menu price = the dish food cost %',
          'Update the cards when supplier prices change',
        ],
        duration: 12.5,
      },
      {
        title: 'Setting Prices from Cost, Competition and Value',
        content:
          'Start from the plate cost and your target food cost: a dish costing $4.20 at a 30 percent target sells at $14. Then check what comparable places nearby charge and what the dish is worth to your guests. Price is a decision, not a formula; the formula only tells you the floor.',
        keyPoints: [
          'Menu price = plate cost / target food cost %',
          'Check comparable restaurants nearby',
          'Cost sets the floor; perceived value sets the ceiling',
        ],
        duration: 11,
      },
      {
        title: 'Portion Control Tools: Scales, Scoops and Ladles',
        content:
          'Give every station the tools to portion exactly: a scale for proteins, sized scoops for sides and ladles for sauces. Portion the proteins during prep rather than on the line. Two extra ounces of protein on every plate can turn a profitable dish into a loss.',
        keyPoints: [
          'Scales, scoops and ladles at every station',
          'Pre-portion proteins during prep',
          'Small over-portions add up to large losses',
        ],
        duration: 8,
      },
      {
        title: 'Plate Presentation at the Right Portion',
        content:
          'A plate looks generous when it is the right size for the portion, not when it is overloaded. Photograph the approved plate for each dish and post it at the pass so every cook matches it. Guests notice when the same dish looks different from one visit to the next.',
        keyPoints: [
          'Choose the plate size to suit the portion',
          'Post a photo of each approved plate at the pass',
          'Consistency between visits matters more than size',
        ],
        duration: 7.5,
      },
      {
        title: 'Reducing Waste Without Cutting Quality',
        content:
          'Keep a waste log at each station for two weeks, recording what was thrown away and why. Most waste comes from over-prepping, spoilage and plates coming back half eaten. Fix the top three causes first; half-eaten plates often mean the portion is too large.',
        keyPoints: [
          'Log waste at every station for two weeks',
          'Find the top three causes and fix those first',
          'Half-eaten plates usually mean the portion is too large',
        ],
        duration: 9,
      },
      {
        title: 'Specials That Make Money',
        content:
          'A good special uses stock you already have too much of, costs less than your menu average and is quick to cook. Price it on its plate cost like any other dish. Track how many you sell so the best specials earn a place on the menu.',
        keyPoints: [
          'Build specials from overstock and trim',
          'Cost and price specials like any menu item',
          'Promote the best sellers to the menu',
        ],
        duration: 6.5,
      },
      {
        title: 'Raising Prices Without Losing Guests',
        content:
          'Raise prices in small steps of a few percent once or twice a year rather than a large jump all at once. Raise the dishes with the highest costs first and leave a few favourites alone. If service and quality stay strong, most guests will not notice.',
        keyPoints: [
          'Small, regular increases instead of rare big jumps',
          'Start with the dishes whose costs rose most',
          'Protect a few signature favourites',
        ],
        duration: 7,
      },
    ],
  },
  {
    title: 'Summary, ToGo Boxes and Names',
    description: 'A recap of the systems so far, takeout that travels well, and names that sell.',
    lessons: [
      {
        title: 'Course Summary: The Systems So Far',
        content:
          'A recap of the core systems: the 60-second greeting, prep lists to par, weekly food cost, scheduling to covers and costed recipe cards. Each one is simple alone; together they make service consistent on every shift. Check which of them are already running in your restaurant and which still need an owner.',
        keyPoints: [
          'Greeting, prep to par, weekly food cost, scheduling, recipe cards',
          'Consistency comes from running all of them together',
          'Give each system a named owner on your team',
        ],
        duration: 9.5,
      },
      {
        title: 'ToGo Boxes and Takeout Packaging',
        content:
          'Takeout is judged when the box is opened at home, twenty minutes later. Choose vented containers for fried food, pack sauces and dressings on the side, and check every order against the ticket before it leaves. A soggy or incomplete order loses a guest for both takeout and dine-in.',
        keyPoints: [
          'Vented containers for anything crisp',
          'Sauces and dressings always on the side',
          'Check each bag against the ticket before it leaves',
        ],
        duration: 7,
      },
      {
        title: 'Branding Your ToGo Orders',
        content:
          "Every takeout bag is an advertisement in someone else's home. Add a sticker with your name, a short thank-you note and a small menu with your opening hours. Invite takeout guests to visit the dining room for something that does not travel well.",
        keyPoints: [
          'Label every bag with your name and logo',
          'Include a thank-you note and a small menu',
          'Invite takeout guests to dine in',
        ],
        duration: 6,
      },
      {
        title: 'Naming Your Restaurant and Your Dishes',
        content:
          'A good name is easy to say, easy to spell and easy to search for. Dish names should tell the guest what they will get, with one appealing detail such as the origin or the way it is cooked. Check that your restaurant name is free to use locally and online before you print anything.',
        keyPoints: [
          'Easy to say, spell and search',
          'Dish names describe the dish plus one appealing detail',
          'Check the name is free locally and online first',
        ],
        duration: 8,
      },
    ],
  },
  {
    title: 'Common Mistakes and Setting Goals',
    description: 'The mistakes that sink new restaurants, and goals you can measure and reach.',
    lessons: [
      {
        title: 'The Most Common Mistakes of New Owners',
        content:
          'The mistakes that close new restaurants are rarely about the food. They are about cash: opening with no reserve, a menu too large to cost or stock, and no weekly look at the numbers. Knowing them in advance lets you put a simple guard against each one.',
        keyPoints: [
          'Keep a cash reserve of at least three months of costs',
          'Start with a menu small enough to cost and stock',
          'Review the numbers every week from the first week',
        ],
        duration: 11.5,
      },
      {
        title: 'Discounting Your Way to Empty Tables',
        content:
          'Deep discounts bring in guests looking for a deal, and they leave when the deal ends. They also teach regulars to wait for the next offer. Add value instead, such as a tasting plate or a weeknight special, and keep your prices steady.',
        keyPoints: [
          'Discounts attract deal seekers, not regulars',
          'Add value instead of cutting prices',
          'Keep menu prices steady',
        ],
        duration: 7.5,
      },
      {
        title: "Ignoring the Numbers Until It's Too Late",
        content:
          'Owners who look at their numbers only when the accountant calls find problems months after they started. A one-page weekly report with sales, covers, food cost and labour cost is enough to catch most of them early. Put it on the same day every week.',
        keyPoints: [
          'A one-page report every week',
          'Sales, covers, food cost % and labour cost %',
          'Same day, same time, every week',
        ],
        duration: 8,
      },
      {
        title: 'Setting Goals You Can Measure',
        content:
          'A goal needs a number and a date: "45 covers on Tuesdays by the end of next month", not "be busier". Choose no more than three at a time and tie each to one habit you will change. Write them where the team can see them.',
        keyPoints: [
          'Each goal has a number and a date',
          'No more than three goals at once',
          'Tie every goal to one habit you will change',
        ],
        duration: 9,
      },
      {
        title: 'Weekly Reviews: Ten Minutes Every Monday',
        content:
          'Spend ten minutes every Monday comparing last week with the week before: covers, average check, food cost and labour. Note one thing that worked and one to change this week. Small weekly corrections beat a big rescue plan every few months.',
        keyPoints: [
          'Compare last week with the week before, not with your best week',
          'Note one win and one change every Monday',
          'Small weekly corrections beat occasional overhauls',
        ],
        duration: 6.5,
      },
      {
        title: 'Your 90-Day Plan',
        content:
          'Turn this course into a 90-day plan: month one for systems (checklists, prep, costing), month two for service standards and the menu, month three for marketing and regulars. Review progress at the end of each month against your goals. Adjust the plan, not the goals, when something slips.',
        keyPoints: [
          'Month 1: systems; month 2: service and menu; month 3: marketing and regulars',
          'Review against your goals at the end of each month',
          'When something slips, adjust the plan rather than the goals',
        ],
        duration: 10,
      },
      {
        title: 'Bonus Resource: Restaurant Goals Workbook',
        content:
          'A printable workbook to record where you are today, set three 90-day goals and track your weekly numbers. Download it, print it and keep it by the pass. Fill in the weekly check-in every Monday.',
        keyPoints: [
          "Record today's covers, average check, food cost and labour",
          'Write three 90-day goals with numbers and dates',
          'Fill in the weekly check-in every Monday',
        ],
        duration: 0,
      },
    ],
  },
];

/** Media of the lessons after the free section: first lesson open, one on YouTube, last of 8 a document. */
function mediaFor(sectionIndex: number, lessonIndex: number, lessonCount: number): string {
  if (lessonIndex === 0) return SECTION_INTRODUCTION;
  if (sectionIndex === sectionsWithoutMedia.length - 1 && lessonIndex === lessonCount - 1)
    return BONUS_WORKBOOK;
  if (sectionIndex === 3 && lessonIndex === 1) return YOUTUBE_SAMPLE; // Menu and Music: the music lesson
  return MEMBER_LESSON;
}

export const SEED_COURSE = {
  title: 'Restaurant Management Mastery',
  description:
    'An eight-day video course for restaurant owners, new and experienced: the systems, service habits and numbers that take a dining room from 2-6 tables at a time to 35+. One section is released each day.',
  thumbnail: '/api/products/images/restaurant-management-mastery.svg',
  difficulty: 'beginner',
  price: 69700,
};

export const SEED_SECTIONS: SeedSection[] = [
  {
    title: 'Free Preview Videos',
    description:
      "Fifteen free lessons: why guests don't come back, and the first fixes that bring them back.",
    lessons: freeLessons.map((lesson, index) => ({
      ...lesson,
      media: FREE_PREVIEWS[index % FREE_PREVIEWS.length]!,
    })),
  },
  ...sectionsWithoutMedia.map((section, sectionIndex) => ({
    ...section,
    lessons: section.lessons.map((lesson, lessonIndex) => ({
      ...lesson,
      media: mediaFor(sectionIndex, lessonIndex, section.lessons.length),
    })),
  })),
];

export interface SeedProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  compareAtPrice: number | null;
  category: string;
  image: string;
  grantsCourse: boolean;
  badge: string | null;
  /** Recurring products only (the membership plans): bills every `billingIntervalCount` intervals. */
  billingInterval?: 'month' | 'year';
  billingIntervalCount?: number;
}

/** The membership plans' billing periods: month×1, month×3, year×1 (Stripe sells them as subscriptions). */
export const MEMBERSHIP_BILLING_INTERVALS: Record<
  string,
  { billingInterval: 'month' | 'year'; billingIntervalCount: number }
> = {
  'membership-monthly': { billingInterval: 'month', billingIntervalCount: 1 },
  'membership-quarterly': { billingInterval: 'month', billingIntervalCount: 3 },
  'membership-annual': { billingInterval: 'year', billingIntervalCount: 1 },
};

export const catalogueImagePath = (file: string) => `/api/products/images/${file}`;

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    id: 'restaurant-consultation',
    name: 'Restaurant Consultation',
    description:
      'A personal review of your restaurant from your photos, walkthrough video and menu, with a written action plan. Includes the complete Restaurant Management Mastery video course.',
    price: 69700,
    compareAtPrice: 99700,
    category: 'consulting',
    image: catalogueImagePath('restaurant-consultation.svg'),
    grantsCourse: true,
    badge: 'Bestseller',
  },
  {
    id: 'menu-optimization',
    name: 'Menu Optimization',
    description:
      'Menu engineering for your current menu: which dishes to feature, re-price, rework or drop. Included with the consultation.',
    price: 0,
    compareAtPrice: null,
    category: 'consulting',
    image: catalogueImagePath('menu-optimization.svg'),
    grantsCourse: false,
    badge: null,
  },
  {
    id: 'staff-training',
    name: 'Staff Training',
    description:
      'Service standards, pre-shift routines and training checklists your team can follow from the first shift. Included with the consultation.',
    price: 0,
    compareAtPrice: null,
    category: 'training',
    image: catalogueImagePath('staff-training.svg'),
    grantsCourse: false,
    badge: null,
  },
  {
    id: 'restaurant-marketing',
    name: 'Restaurant Marketing',
    description:
      'Reviews, regulars and local visibility: a simple plan that fills tables on slow nights. Included with the consultation.',
    price: 0,
    compareAtPrice: null,
    category: 'marketing',
    image: catalogueImagePath('restaurant-marketing.svg'),
    grantsCourse: false,
    badge: null,
  },
];

/** What the two paid programmes share: one price, the course, the course's picture. */
const programmeTerms = {
  price: 159700,
  compareAtPrice: null,
  category: 'program',
  image: catalogueImagePath('restaurant-management-mastery.svg'),
  grantsCourse: true,
  badge: null,
} satisfies Partial<SeedProduct>;

/**
 * Products sold only through their own pages (`listed: false`): the two paid programmes of /pricing
 * (docs/decisions.md, 1) and the three membership plans of /membership (docs/decisions.md, 23). Each
 * grants the course. A membership plan bills every period: with Stripe configured it is a subscription
 * that renews; the test provider and PayPal take one payment for the first period.
 */
export const SEED_UNLISTED_PRODUCTS: SeedProduct[] = [
  {
    id: 'self-implementation-program',
    name: 'Self-Implementation Program',
    description:
      'The complete Restaurant Management Mastery course with its checklists, scripts and templates, to put in place at your own pace. One payment, with the 30-day money-back guarantee.',
    ...programmeTerms,
  },
  {
    id: 'flexible-payments-program',
    name: 'Flexible Payments Program',
    description:
      'Everything in the Self-Implementation Program: the complete course with its checklists, scripts and templates, with the 30-day money-back guarantee.',
    ...programmeTerms,
  },
  {
    id: 'membership-monthly',
    name: 'Monthly Membership',
    description: 'One month of full access to Restaurant Management Mastery.',
    price: 2999,
    compareAtPrice: null,
    category: 'membership',
    image: catalogueImagePath('restaurant-management-mastery.svg'),
    grantsCourse: true,
    badge: null,
    ...MEMBERSHIP_BILLING_INTERVALS['membership-monthly'],
  },
  {
    id: 'membership-quarterly',
    name: 'Quarterly Membership',
    description: 'Three months of full access to Restaurant Management Mastery.',
    price: 7999,
    compareAtPrice: null,
    category: 'membership',
    image: catalogueImagePath('restaurant-management-mastery.svg'),
    grantsCourse: true,
    badge: 'Most Popular',
    ...MEMBERSHIP_BILLING_INTERVALS['membership-quarterly'],
  },
  {
    id: 'membership-annual',
    name: 'Annual Membership',
    description: 'A year of full access to Restaurant Management Mastery.',
    price: 29999,
    compareAtPrice: null,
    category: 'membership',
    image: catalogueImagePath('restaurant-management-mastery.svg'),
    grantsCourse: true,
    badge: null,
    ...MEMBERSHIP_BILLING_INTERVALS['membership-annual'],
  },
];

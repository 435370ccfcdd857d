/** Buying-guide blog posts of the demo retailer. */
import type { ImageKind } from "../media/paths";

export interface BlogPostDef {
  urlKey: string;
  title: string;
  shortContent: string;
  /** HTML paragraphs and lists */
  content: readonly string[];
  image: { kind: ImageKind; color: string; style: number };
  author: string;
  /** publication date, in days before the seed epoch */
  daysBeforeEpoch: number;
  /** the top-level categories whose landing pages feature the post */
  categories: readonly string[];
}

export const BLOG_POSTS: readonly BlogPostDef[] = [
  {
    urlKey: "how-to-choose-a-french-door-refrigerator",
    title: "How to Choose a French Door Refrigerator",
    shortContent: "Capacity, counter-depth or standard depth, ice and water options: what actually matters when you pick a french door refrigerator.",
    content: [
      "<p>French door refrigerators put fresh food at eye level and give you a full-width shelf for party platters. They are the most popular style we sell, and also the one with the most choices.</p>",
      "<h2>Start with the opening</h2>",
      "<p>Measure the width, height and depth of the space, then add at least an inch above and behind for airflow. Most models are 36 in. wide; a few are 33 in. for older kitchens.</p>",
      "<h2>Standard depth or counter-depth?</h2>",
      "<p>Standard-depth models hold 25 to 30 cu. ft. but stick out past the counter. Counter-depth models sit flush for a built-in look and hold around 20 to 24 cu. ft.</p>",
      "<h2>Features worth paying for</h2>",
      "<ul><li>Dual evaporators keep produce crisp and stop freezer smells reaching your food.</li><li>A full-width deli drawer with its own temperature setting.</li><li>An internal water dispenser keeps the doors clean and sleek.</li></ul>",
      "<p>Browse our <a href=\"/catalog/french-door-refrigerators\">french door refrigerators</a> or ask a product expert in store.</p>",
    ],
    image: { kind: "refrigerator", color: "c0c4c8", style: 0 }, author: "Maya Thompson", daysBeforeEpoch: 20, categories: ["appliances"],
  },
  {
    urlKey: "gas-vs-electric-vs-induction-ranges",
    title: "Gas vs. Electric vs. Induction: Which Range Is Right for You?",
    shortContent: "Each cooking technology has real strengths. Here is how they compare on speed, control, cleanup and installation.",
    content: [
      "<p>The right range depends on how you cook and what hookups your kitchen already has.</p>",
      "<h2>Gas</h2><p>Instant visual heat control and great for charring and wok cooking. Requires a gas line and a connector kit.</p>",
      "<h2>Electric</h2><p>Smooth glass tops are easy to clean and electric ovens bake very evenly. Needs a 240-volt outlet and a 4-prong cord.</p>",
      "<h2>Induction</h2><p>The fastest and most precise option: induction heats the pan directly, boiling water in about half the time of gas. The glass stays cool, so spills do not burn on. You need magnetic cookware.</p>",
      "<p>Compare <a href=\"/catalog/gas-ranges\">gas</a>, <a href=\"/catalog/electric-ranges\">electric</a> and <a href=\"/catalog/induction-ranges\">induction ranges</a>.</p>",
    ],
    image: { kind: "range", color: "c0c4c8", style: 2 }, author: "Daniel Okafor", daysBeforeEpoch: 45, categories: ["appliances"],
  },
  {
    urlKey: "measuring-for-appliance-delivery",
    title: "Measuring for Appliance and Furniture Delivery",
    shortContent: "A five-minute checklist that saves a second delivery trip: doorways, hallways, stairs and the final space.",
    content: [
      "<p>Most delivery problems come from a door frame that is half an inch too narrow. Measure the path before you order.</p>",
      "<ol><li>Measure the final space: width, height and depth.</li><li>Measure every doorway on the path, at the narrowest point.</li><li>Check hallway corners and stair landings for turning room.</li><li>Note railings, light fixtures and low ceilings.</li></ol>",
      "<p>Refrigerator doors can often be removed to get through a tight opening. Tell us at checkout and the crew will come prepared.</p>",
    ],
    image: { kind: "storage", color: "c29a6b", style: 0 }, author: "Maya Thompson", daysBeforeEpoch: 70, categories: ["appliances", "furniture"],
  },
  {
    urlKey: "front-load-vs-top-load-washers",
    title: "Front Load vs. Top Load Washers",
    shortContent: "Front loaders clean better with less water; top loaders are easier on your back. Here is how to decide.",
    content: [
      "<p>Both styles clean well today. The differences come down to efficiency, ergonomics and space.</p>",
      "<h2>Front load</h2><p>Use the least water and energy, spin faster so clothes dry sooner, and stack with a matching dryer to save floor space.</p>",
      "<h2>Top load</h2><p>No bending to load, shorter cycle times, and you can add a forgotten sock mid-cycle. Agitator models are tough on stains; impeller models are gentler and hold more.</p>",
      "<p>Shop <a href=\"/catalog/front-load-washers\">front load</a> and <a href=\"/catalog/top-load-washers\">top load washers</a>, or save with a <a href=\"/catalog/laundry-pairs\">laundry pair</a>.</p>",
    ],
    image: { kind: "washer", color: "f4f4f2", style: 0 }, author: "Priya Nair", daysBeforeEpoch: 95, categories: ["appliances"],
  },
  {
    urlKey: "what-dishwasher-decibels-mean",
    title: "What Dishwasher Decibel Ratings Really Mean",
    shortContent: "A 44 dBA dishwasher is about half as loud as a 54 dBA one. Here is how to read the numbers.",
    content: [
      "<p>Decibels are logarithmic: every 10 dBA sounds roughly twice as loud. That makes a small number a big difference.</p>",
      "<ul><li><strong>Under 40 dBA:</strong> nearly silent; you may need the indicator light to know it is running.</li><li><strong>40 - 44 dBA:</strong> quiet enough for an open-plan kitchen.</li><li><strong>45 - 49 dBA:</strong> normal conversation level.</li><li><strong>50 dBA and up:</strong> noticeable during conversation.</li></ul>",
      "<p>Filter our <a href=\"/catalog/built-in-dishwashers\">dishwashers</a> by noise level to find your match.</p>",
    ],
    image: { kind: "dishwasher", color: "c0c4c8", style: 0 }, author: "Daniel Okafor", daysBeforeEpoch: 130, categories: ["appliances"],
  },
  {
    urlKey: "oled-vs-qled-tv-guide",
    title: "OLED vs. QLED: Which TV Technology Should You Buy?",
    shortContent: "Perfect blacks or blazing brightness? We explain the real-world difference between OLED and QLED TVs.",
    content: [
      "<p>OLED pixels make their own light and switch off completely, so blacks are perfect and contrast is unmatched in a dim room. QLED TVs use a backlight with quantum dots, getting much brighter, which helps in sunny rooms.</p>",
      "<h2>Choose OLED if</h2><ul><li>You watch movies in the evening or in a dark room.</li><li>You want the widest viewing angles.</li></ul>",
      "<h2>Choose QLED if</h2><ul><li>Your room gets lots of daylight.</li><li>You want a very large screen for the money.</li></ul>",
      "<p>Compare <a href=\"/catalog/oled-tvs\">OLED TVs</a> and <a href=\"/catalog/qled-tvs\">QLED TVs</a>.</p>",
    ],
    image: { kind: "tv", color: "1f2022", style: 0 }, author: "Chris Delgado", daysBeforeEpoch: 25, categories: ["electronics"],
  },
  {
    urlKey: "choosing-the-right-tv-size",
    title: "Choosing the Right TV Size for Your Room",
    shortContent: "Bigger is usually better, but here is the simple math for the best seat in the house.",
    content: [
      "<p>For a 4K TV, divide the distance from your seat to the screen (in inches) by 1.2. Sitting 8 feet (96 in.) away? A 75 in. screen fills your view without visible pixels.</p>",
      "<p>Mounting height matters too: the center of the screen should be near eye level when seated, roughly 42 in. from the floor.</p>",
      "<p>Add a <a href=\"/catalog/tv-mounts\">wall mount</a> and let our installers hide the cables.</p>",
    ],
    image: { kind: "tv", color: "3b3d40", style: 1 }, author: "Chris Delgado", daysBeforeEpoch: 160, categories: ["electronics"],
  },
  {
    urlKey: "soundbar-buying-guide",
    title: "Soundbar Buying Guide: Channels, Atmos and Subwoofers",
    shortContent: "What 3.1.2 means, whether you need Dolby Atmos, and how to connect a soundbar with one remote.",
    content: [
      "<p>The numbers describe speakers: a 3.1.2 soundbar has three front channels, one subwoofer and two upward-firing speakers for height effects.</p>",
      "<ul><li><strong>2.1:</strong> a big step up from TV speakers, ideal for bedrooms.</li><li><strong>3.1:</strong> adds a center channel so dialogue is clear.</li><li><strong>5.1.2 and up:</strong> surround and height for movie nights.</li></ul>",
      "<p>Connect with HDMI eARC and your TV remote controls the volume. Browse <a href=\"/catalog/soundbars\">soundbars</a>.</p>",
    ],
    image: { kind: "soundbar", color: "1f2022", style: 0 }, author: "Chris Delgado", daysBeforeEpoch: 200, categories: ["electronics"],
  },
  {
    urlKey: "laptop-buying-guide",
    title: "Laptop Buying Guide for Work, School and Play",
    shortContent: "How much memory you need, why an SSD matters, and which screen size suits you.",
    content: [
      "<p>For browsing, documents and video calls, 16 GB of memory and a 512 GB SSD keep a laptop feeling fast for years.</p>",
      "<p>Creators and gamers should look for 32 GB, a discrete graphics card and a high-refresh display. Students who carry a laptop all day will appreciate a 13 or 14 in. model under 3.5 lbs.</p>",
      "<p>See all <a href=\"/catalog/laptops\">laptops</a>.</p>",
    ],
    image: { kind: "laptop", color: "b8bcc2", style: 0 }, author: "Priya Nair", daysBeforeEpoch: 230, categories: ["electronics"],
  },
  {
    urlKey: "how-to-choose-a-sofa",
    title: "How to Choose a Sofa That Lasts",
    shortContent: "Frames, cushions and fabrics: what to look for under the upholstery.",
    content: [
      "<p>A good sofa starts with a kiln-dried hardwood frame that will not warp, and sinuous springs or eight-way hand-tied suspension.</p>",
      "<p>High-resilience foam cushions wrapped in fiber keep their shape; down blends feel softer but need fluffing. Performance fabrics resist stains from kids and pets.</p>",
      "<p>Sit on it: seat depth between 21 and 24 in. suits most people. Browse <a href=\"/catalog/sofas\">sofas</a> and <a href=\"/catalog/sectionals\">sectionals</a>.</p>",
    ],
    image: { kind: "sofa", color: "8a8d91", style: 0 }, author: "Elena Marsh", daysBeforeEpoch: 35, categories: ["furniture"],
  },
  {
    urlKey: "mattress-firmness-guide",
    title: "Mattress Firmness Guide: Plush, Medium or Firm?",
    shortContent: "Your sleep position is the best predictor of the firmness you will like.",
    content: [
      "<ul><li><strong>Side sleepers:</strong> plush to medium, so shoulders and hips sink in.</li><li><strong>Back sleepers:</strong> medium firm keeps the spine aligned.</li><li><strong>Stomach sleepers:</strong> firm, to keep hips from sinking.</li></ul>",
      "<p>Hybrid mattresses combine coils for support and airflow with foam for pressure relief. Every mattress we sell comes with a 120-night comfort guarantee.</p>",
      "<p>Shop <a href=\"/catalog/mattresses\">mattresses</a>.</p>",
    ],
    image: { kind: "bed", color: "f4f4f2", style: 1 }, author: "Elena Marsh", daysBeforeEpoch: 110, categories: ["furniture"],
  },
  {
    urlKey: "small-space-dining-ideas",
    title: "Small-Space Dining Ideas",
    shortContent: "Round tables, benches and counter stools that make a small dining area work harder.",
    content: [
      "<p>A round pedestal table seats four in a smaller footprint than a rectangle, and nobody bumps a table leg.</p>",
      "<p>Counter-height stools tuck fully under an island, and an extending table with a leaf handles holiday dinners.</p>",
      "<p>Explore <a href=\"/catalog/dining-tables\">dining tables</a> and <a href=\"/catalog/bar-stools\">bar stools</a>.</p>",
    ],
    image: { kind: "table", color: "7a5232", style: 0 }, author: "Elena Marsh", daysBeforeEpoch: 260, categories: ["furniture"],
  },
];

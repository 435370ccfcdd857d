/** Templates for demo product reviews; "{noun}" is replaced by the product's short noun. */
import type { Family } from "./catalog-data";
import type { Rng } from "./random";

const FIRST_NAMES = ["Alex", "Jordan", "Sam", "Taylor", "Morgan", "Casey", "Jamie", "Riley", "Chris", "Pat", "Dana", "Lee", "Robin", "Avery",
  "Maria", "Jose", "Linh", "Wei", "Priya", "Raj", "Aisha", "Omar", "Kim", "Hannah", "Ethan", "Olivia", "Noah", "Sofia", "Mateo", "Grace",
  "Ben", "Ellie", "Marcus", "Tanya", "Victor", "Naomi", "Frank", "Rosa", "Derek", "Julia"];
const HANDLES = ["HomeChef", "DIYDad", "BusyMom", "FirstHome", "Remodeler", "CoffeeLover", "MovieBuff", "WeekendBaker", "NewHomeowner", "Gamer", "PetParent", "RenterNoMore"];
const LOCATIONS = ["Los Angeles, CA", "Pasadena, CA", "Irvine, CA", "San Diego, CA", "San Jose, CA", "Oakland, CA", "Sacramento, CA", "Fresno, CA",
  "Bakersfield, CA", "Santa Rosa, CA", "Riverside, CA", "Long Beach, CA", "Portland, OR", "Beaverton, OR", "Eugene, OR", "Seattle, WA",
  "Bellevue, WA", "Tacoma, WA", "Las Vegas, NV", "Henderson, NV", "Reno, NV", "Phoenix, AZ", "Scottsdale, AZ", "Tucson, AZ", ""];

const TITLES: Record<"great" | "good" | "meh" | "bad", readonly string[]> = {
  great: ["Love it!", "Exactly what we needed", "Best purchase this year", "Worth every penny", "Highly recommend", "Exceeded expectations",
    "Fantastic {noun}", "So happy with this", "Great quality", "Five stars, no regrets"],
  good: ["Very good overall", "Solid {noun}", "Happy with it", "Good value", "Does the job well", "Nice, with a couple of quirks"],
  meh: ["It's okay", "Average", "Mixed feelings", "Fine for the price", "Not bad, not great"],
  bad: ["Disappointed", "Would not buy again", "Stopped working too soon", "Not as described", "Returned it", "Poor quality control"],
};

const OPENERS: Record<"great" | "good" | "meh" | "bad", readonly string[]> = {
  great: ["We replaced a 15-year-old {noun} with this one and the difference is night and day.", "I did a lot of research before buying and this {noun} was the right call.",
    "This {noun} looks even better in person than in the photos.", "Bought this after our old {noun} died and I wish we had upgraded sooner."],
  good: ["Overall a good {noun} for the money.", "We have had this {noun} for a few months now and it works well.", "Nice {noun}, does what it promises."],
  meh: ["The {noun} works, but it's not quite what I expected.", "It's an average {noun}.", "Some things I like about this {noun}, some I don't."],
  bad: ["Unfortunately this {noun} did not hold up.", "I really wanted to like this {noun}.", "Not happy with this {noun}."],
};

const FAMILY_DETAILS: Record<Family, Record<"great" | "good" | "meh" | "bad", readonly string[]>> = {
  appliances: {
    great: ["It is whisper quiet and the controls are intuitive.", "Installation was quick and the delivery team was professional.", "Energy use is noticeably lower on our bill.",
      "Plenty of room and the layout makes sense.", "The finish doesn't show fingerprints at all."],
    good: ["The finish shows a few smudges but wipes clean.", "A little louder than I expected, but performance is great.", "Took a day to learn all the settings."],
    meh: ["Cycle times are longer than our old one.", "The shelves feel a bit flimsy.", "The beeping is loud and hard to turn off."],
    bad: ["It needed a service call in the first month.", "Arrived with a dent and the replacement took two weeks.", "Temperature is inconsistent."],
  },
  electronics: {
    great: ["Picture and sound quality are outstanding.", "Setup took ten minutes and everything just worked.", "Battery life is even better than advertised.",
      "Colors are vibrant and blacks are deep."],
    good: ["The remote could be better but the picture is great.", "Sound is full, though the bass could be stronger.", "Fast and responsive for everyday use."],
    meh: ["The software feels slow at times.", "Bluetooth drops out occasionally.", "Fine for casual use but not for anything demanding."],
    bad: ["Had constant connection issues.", "Dead pixels out of the box.", "Stopped charging after a few weeks."],
  },
  furniture: {
    great: ["Comfortable, sturdy and the color is exactly as pictured.", "The white glove team set it up and took all the packaging.",
      "Solid construction, no wobble at all.", "Guests always ask where we got it."],
    good: ["Firmer than expected but it is breaking in nicely.", "Assembly took about an hour.", "Color is a shade darker than the photos."],
    meh: ["Cushions flatten faster than I hoped.", "A bit smaller than it looked online.", "Drawers stick a little."],
    bad: ["Fabric started pilling within weeks.", "One leg arrived cracked.", "Not comfortable for more than a few minutes."],
  },
};

const CLOSERS: Record<"great" | "good" | "meh" | "bad", readonly string[]> = {
  great: ["Would absolutely buy again.", "Highly recommend to anyone on the fence.", "Great price during the sale, too.", "Thanks to the store staff for the advice."],
  good: ["Would recommend.", "Good value overall.", "I'd buy it again."],
  meh: ["Might be fine for others.", "Okay if it's on sale.", ""],
  bad: ["Save yourself the trouble.", "Customer service was helpful at least.", "Look elsewhere."],
};

export type RatingBand = "great" | "good" | "meh" | "bad";

export function bandFor(rating: number): RatingBand {
  if (rating >= 5) return "great";
  if (rating === 4) return "good";
  if (rating === 3) return "meh";
  return "bad";
}

/** Ratings skew positive, as real retail reviews do. */
export function pickRating(r: Rng): number {
  return r.weighted([[5, 56], [4, 24], [3, 9], [2, 5], [1, 6]] as const);
}

export function reviewText(r: Rng, family: Family, noun: string, rating: number): { title: string; body: string; nickname: string; location: string } {
  const band = bandFor(rating);
  const fill = (s: string) => s.replace(/\{noun\}/g, noun);
  const details = r.sample(FAMILY_DETAILS[family][band], r.int(1, 2));
  const body = [r.pick(OPENERS[band]), ...details, r.pick(CLOSERS[band])].map(fill).filter((s) => s.length > 0).join(" ");
  const nickname = r.chance(0.7) ? `${r.pick(FIRST_NAMES)} ${String.fromCharCode(65 + r.int(0, 25))}.` : `${r.pick(HANDLES)}${r.int(1, 99)}`;
  return { title: fill(r.pick(TITLES[band])), body, nickname, location: r.pick(LOCATIONS) };
}

/**
 * The demo store's search synonyms (search_synonyms, see api/src/search/synonyms.ts): words
 * shoppers use for what the catalogue names otherwise. A row without `input` is two-way (every
 * term means every other); with `input` it is one-way (the input also finds the synonyms, not the
 * reverse: "stove" finds ranges, "range" does not find stoves).
 */
export const SEARCH_SYNONYMS: ReadonlyArray<{ input: string | null; synonyms: readonly string[] }> = [
  // two-way
  { input: null, synonyms: ["fridge", "refrigerator"] },
  { input: null, synonyms: ["tv", "television"] },
  { input: null, synonyms: ["couch", "sofa", "settee"] },
  { input: null, synonyms: ["washing machine", "washer", "clothes washer"] },
  { input: null, synonyms: ["notebook", "laptop"] },
  { input: null, synonyms: ["sound bar", "soundbar"] },
  { input: null, synonyms: ["dish washer", "dishwasher"] },
  { input: null, synonyms: ["earbuds", "earphones"] },
  { input: null, synonyms: ["headphones", "headset"] },
  { input: null, synonyms: ["nightstand", "night stand", "bedside table"] },
  { input: null, synonyms: ["dresser", "chest of drawers"] },
  { input: null, synonyms: ["bookcase", "bookshelf"] },
  { input: null, synonyms: ["cooktop", "stovetop", "hob"] },
  { input: null, synonyms: ["range hood", "vent hood", "exhaust hood"] },
  { input: null, synonyms: ["coffee table", "cocktail table"] },
  { input: null, synonyms: ["bar stool", "counter stool"] },
  { input: null, synonyms: ["surge protector", "power strip"] },
  { input: null, synonyms: ["mattress protector", "mattress cover"] },
  // one-way
  { input: "stove", synonyms: ["range"] },
  { input: "oven range", synonyms: ["range"] },
  { input: "icebox", synonyms: ["refrigerator"] },
  { input: "deep freezer", synonyms: ["freezer"] },
  { input: "microwave oven", synonyms: ["microwave"] },
  { input: "flat screen", synonyms: ["tv"] },
  { input: "computer screen", synonyms: ["monitor"] },
  { input: "pc", synonyms: ["desktop", "laptop"] },
  { input: "sofa", synonyms: ["sectional"] },
  { input: "dinette", synonyms: ["dining set"] },
];

/**
 * Static tables the demo catalogue is generated from: brands, filterable attributes, colours,
 * the category tree and, per leaf category, how to invent a believable product.
 * Brand names are invented; nothing here refers to a real manufacturer.
 */
import type { ImageKind } from "../media/paths";
import type { Rng } from "./random";

export type Family = "appliances" | "electronics" | "furniture";

// ---------------------------------------------------------------------------------------------
// Brands
// ---------------------------------------------------------------------------------------------

export interface BrandDef {
  name: string;
  /** model-number prefix */
  prefix: string;
  /** 1 value, 2 mainstream, 3 premium: scales prices */
  tier: 1 | 2 | 3;
}

export const BRANDS: readonly BrandDef[] = [
  // appliances
  { name: "Frostline", prefix: "FL", tier: 2 },
  { name: "Kessler", prefix: "KS", tier: 3 },
  { name: "Whitmore", prefix: "WM", tier: 2 },
  { name: "Norvik", prefix: "NV", tier: 3 },
  { name: "Bellhaven", prefix: "BH", tier: 2 },
  { name: "Ardent", prefix: "AR", tier: 1 },
  { name: "Calloway", prefix: "CW", tier: 2 },
  { name: "Everstone", prefix: "ES", tier: 1 },
  { name: "Summitaire", prefix: "SA", tier: 2 },
  { name: "Halcyon", prefix: "HC", tier: 3 },
  { name: "Brightwell", prefix: "BW", tier: 1 },
  { name: "Marlow & Pierce", prefix: "MP", tier: 3 },
  { name: "Vantor", prefix: "VT", tier: 1 },
  { name: "Coldspring", prefix: "CS", tier: 2 },
  // electronics
  { name: "Sonaris", prefix: "SN", tier: 3 },
  { name: "Vireo", prefix: "VR", tier: 2 },
  { name: "Lumetra", prefix: "LM", tier: 3 },
  { name: "Axion", prefix: "AX", tier: 2 },
  { name: "Pixelon", prefix: "PX", tier: 1 },
  { name: "Auralis", prefix: "AU", tier: 3 },
  { name: "Trionic", prefix: "TR", tier: 1 },
  { name: "Nexwave", prefix: "NW", tier: 2 },
  { name: "Orbital Audio", prefix: "OA", tier: 2 },
  { name: "Stratus", prefix: "ST", tier: 2 },
  { name: "Cinevia", prefix: "CV", tier: 2 },
  { name: "Keystone Computing", prefix: "KC", tier: 2 },
  // furniture
  { name: "Alder & Oak", prefix: "AO", tier: 3 },
  { name: "Harborview", prefix: "HV", tier: 2 },
  { name: "Maplestead", prefix: "MS", tier: 2 },
  { name: "Larkspur Living", prefix: "LL", tier: 2 },
  { name: "Driftwood Co.", prefix: "DW", tier: 1 },
  { name: "Brookhaven", prefix: "BK", tier: 2 },
  { name: "Linden Row", prefix: "LR", tier: 3 },
  { name: "Westbury", prefix: "WB", tier: 1 },
  { name: "Cobblestone Home", prefix: "CH", tier: 1 },
  { name: "Ridgeline", prefix: "RL", tier: 2 },
  { name: "Somerset Lane", prefix: "SL", tier: 3 },
  { name: "Tidewater", prefix: "TW", tier: 1 },
  // accessories and services
  { name: "ShieldCare", prefix: "SC", tier: 2 },
  { name: "PureFlow", prefix: "PF", tier: 2 },
  { name: "Connectix", prefix: "CX", tier: 2 },
  { name: "InstallPro", prefix: "IP", tier: 2 },
];

const BRAND_GROUPS = {
  kitchen: ["Frostline", "Kessler", "Whitmore", "Norvik", "Bellhaven", "Ardent", "Calloway", "Everstone", "Halcyon", "Marlow & Pierce", "Coldspring"],
  cooling: ["Frostline", "Kessler", "Whitmore", "Bellhaven", "Ardent", "Everstone", "Coldspring", "Summitaire", "Vantor", "Norvik"],
  laundry: ["Whitmore", "Bellhaven", "Ardent", "Calloway", "Everstone", "Summitaire", "Brightwell", "Vantor", "Norvik"],
  small: ["Brightwell", "Vantor", "Ardent", "Summitaire", "Frostline", "Everstone"],
  tv: ["Sonaris", "Lumetra", "Pixelon", "Cinevia", "Vireo", "Trionic"],
  audio: ["Auralis", "Orbital Audio", "Sonaris", "Vireo", "Nexwave", "Trionic"],
  computing: ["Keystone Computing", "Axion", "Stratus", "Nexwave", "Trionic", "Pixelon"],
  upholstery: ["Harborview", "Larkspur Living", "Brookhaven", "Linden Row", "Somerset Lane", "Westbury", "Tidewater"],
  casegoods: ["Alder & Oak", "Maplestead", "Driftwood Co.", "Ridgeline", "Cobblestone Home", "Linden Row", "Westbury"],
  sleep: ["Somerset Lane", "Brookhaven", "Tidewater", "Larkspur Living", "Maplestead"],
  office: ["Ridgeline", "Westbury", "Driftwood Co.", "Cobblestone Home", "Alder & Oak"],
} as const;
export type BrandGroup = keyof typeof BRAND_GROUPS;

export function brandGroup(group: BrandGroup): readonly string[] {
  return BRAND_GROUPS[group];
}

// ---------------------------------------------------------------------------------------------
// Colours (the swatch attribute) and the other filterable attributes
// ---------------------------------------------------------------------------------------------

export interface ColorDef {
  value: string;
  label: string;
  hex: string;
  /** model-number suffix */
  code: string;
}

export const COLORS = {
  stainless: { value: "stainless-steel", label: "Stainless Steel", hex: "#c0c4c8", code: "SS" },
  blackStainless: { value: "black-stainless-steel", label: "Black Stainless Steel", hex: "#4a4d50", code: "BS" },
  white: { value: "white", label: "White", hex: "#f4f4f2", code: "WH" },
  black: { value: "black", label: "Black", hex: "#1f2022", code: "BK" },
  slate: { value: "slate", label: "Slate", hex: "#6e7276", code: "SL" },
  bisque: { value: "bisque", label: "Bisque", hex: "#e8dcc4", code: "BQ" },
  silver: { value: "silver", label: "Silver", hex: "#b8bcc2", code: "SV" },
  spaceGray: { value: "space-gray", label: "Space Gray", hex: "#5b5e63", code: "SG" },
  navy: { value: "navy", label: "Navy Blue", hex: "#1f3a5f", code: "NB" },
  gray: { value: "gray", label: "Gray", hex: "#8a8d91", code: "GR" },
  charcoal: { value: "charcoal", label: "Charcoal", hex: "#3b3d40", code: "CH" },
  beige: { value: "beige", label: "Beige", hex: "#d8c8ae", code: "BG" },
  cream: { value: "cream", label: "Cream", hex: "#efe6d2", code: "CR" },
  ivory: { value: "ivory", label: "Ivory", hex: "#f3eddc", code: "IV" },
  brown: { value: "brown", label: "Saddle Brown", hex: "#7b4b2a", code: "BR" },
  espresso: { value: "espresso", label: "Espresso", hex: "#3e2a1f", code: "EX" },
  walnut: { value: "walnut", label: "Walnut", hex: "#7a5232", code: "WN" },
  oak: { value: "natural-oak", label: "Natural Oak", hex: "#c29a6b", code: "OK" },
  sage: { value: "sage", label: "Sage Green", hex: "#9caf88", code: "SE" },
  emerald: { value: "emerald", label: "Emerald", hex: "#1f6f50", code: "EM" },
  blue: { value: "blue", label: "Ocean Blue", hex: "#2f6db3", code: "BL" },
  red: { value: "red", label: "Red", hex: "#b3261e", code: "RD" },
  roseGold: { value: "rose-gold", label: "Rose Gold", hex: "#d4a59a", code: "RG" },
} as const satisfies Record<string, ColorDef>;
export type ColorKey = keyof typeof COLORS;
type ColorWeights = readonly (readonly [ColorKey, number])[];

const APPLIANCE_COLORS: ColorWeights = [["stainless", 46], ["blackStainless", 16], ["white", 14], ["black", 13], ["slate", 7], ["bisque", 4]];
const LAUNDRY_COLORS: ColorWeights = [["white", 40], ["slate", 18], ["black", 16], ["blackStainless", 14], ["navy", 6], ["red", 6]];
const SCREEN_COLORS: ColorWeights = [["black", 80], ["charcoal", 15], ["silver", 5]];
const GADGET_COLORS: ColorWeights = [["black", 40], ["white", 15], ["silver", 12], ["spaceGray", 12], ["blue", 8], ["red", 6], ["roseGold", 7]];
const FABRIC_COLORS: ColorWeights = [["gray", 22], ["charcoal", 14], ["beige", 14], ["navy", 10], ["cream", 10], ["sage", 8], ["emerald", 6], ["ivory", 8], ["brown", 8]];
const WOOD_COLORS: ColorWeights = [["walnut", 28], ["espresso", 18], ["oak", 24], ["white", 12], ["black", 10], ["gray", 8]];

export interface OptionDef {
  value: string;
  label: string;
  swatch?: string;
}

export interface AttributeDef {
  code: string;
  label: string;
  input: "select" | "multiselect" | "boolean" | "price";
  group: string;
  swatch?: boolean;
  filterable?: boolean;
  comparable?: boolean;
  /** manufacturer options are filled from BRANDS */
  options: readonly OptionDef[];
}

const opts = (...pairs: [string, string][]): OptionDef[] => pairs.map(([value, label]) => ({ value, label }));
const BOOLEAN_OPTIONS = opts(["1", "Yes"], ["0", "No"]);

/** In facet order (attributes.position follows this list). */
export const ATTRIBUTES: readonly AttributeDef[] = [
  { code: "price", label: "Price", input: "price", group: "Overview", options: [] },
  { code: "manufacturer", label: "Brand", input: "select", group: "Overview", options: [] },
  {
    code: "color", label: "Color", input: "select", group: "Appearance", swatch: true,
    options: Object.values(COLORS).map((c) => ({ value: c.value, label: c.label, swatch: c.hex })),
  },
  { code: "condition", label: "Condition", input: "select", group: "Overview", comparable: false, options: opts(["new", "New"], ["open-box", "Open Box"]) },
  {
    code: "installation_type", label: "Installation Type", input: "select", group: "Specifications",
    options: opts(["freestanding", "Freestanding"], ["slide-in", "Slide-In"], ["built-in", "Built-In"], ["front-control", "Front Control"],
      ["top-control", "Top Control"], ["countertop", "Countertop"], ["over-the-range", "Over-the-Range"], ["portable", "Portable"],
      ["wall-mount", "Wall-Mount"], ["under-cabinet", "Under-Cabinet"]),
  },
  {
    code: "width_range", label: "Width", input: "select", group: "Dimensions",
    options: opts(["under-24", "Under 24 in."], ["24-29", "24 - 29 in."], ["30-32", "30 - 32 in."], ["33-35", "33 - 35 in."], ["36-up", "36 in. & Wider"]),
  },
  { code: "depth_type", label: "Depth Type", input: "select", group: "Dimensions", options: opts(["standard-depth", "Standard Depth"], ["counter-depth", "Counter-Depth"]) },
  {
    code: "capacity", label: "Capacity", input: "select", group: "Specifications",
    options: opts(["under-5", "Under 5 cu. ft."], ["5-9", "5 - 9.9 cu. ft."], ["10-19", "10 - 19.9 cu. ft."], ["20-24", "20 - 24.9 cu. ft."],
      ["25-29", "25 - 29.9 cu. ft."], ["30-up", "30 cu. ft. & Up"]),
  },
  { code: "fuel_type", label: "Fuel Type", input: "select", group: "Specifications", options: opts(["gas", "Gas"], ["electric", "Electric"], ["dual-fuel", "Dual Fuel"], ["induction", "Induction"]) },
  { code: "energy_star", label: "ENERGY STAR Certified", input: "boolean", group: "Specifications", options: BOOLEAN_OPTIONS },
  { code: "smart_enabled", label: "Wi-Fi Connected", input: "boolean", group: "Features", options: BOOLEAN_OPTIONS },
  {
    code: "noise_level", label: "Noise Level", input: "select", group: "Specifications",
    options: opts(["under-40", "Under 40 dBA"], ["40-44", "40 - 44 dBA"], ["45-49", "45 - 49 dBA"], ["50-up", "50 dBA & Up"]),
  },
  {
    code: "screen_size", label: "Screen Size", input: "select", group: "Display",
    options: ["10.9", "11", "12.4", "13", "14", "15.6", "16", "17", "24", "27", "32", "34", "43", "48", "50", "55", "65", "75", "77", "83", "85", "98"]
      .map((s) => ({ value: s.replace(".", "-"), label: `${s} in.` })),
  },
  {
    code: "resolution", label: "Resolution", input: "select", group: "Display",
    options: opts(["hd", "720p HD"], ["full-hd", "1080p Full HD"], ["qhd", "1440p QHD"], ["4k", "4K Ultra HD"], ["8k", "8K Ultra HD"]),
  },
  {
    code: "processor", label: "Processor", input: "select", group: "Performance",
    options: opts(["intel-core-i5", "Intel Core i5"], ["intel-core-i7", "Intel Core i7"], ["intel-core-ultra-7", "Intel Core Ultra 7"],
      ["amd-ryzen-5", "AMD Ryzen 5"], ["amd-ryzen-7", "AMD Ryzen 7"], ["amd-ryzen-9", "AMD Ryzen 9"]),
  },
  { code: "ram", label: "Memory (RAM)", input: "select", group: "Performance", options: opts(["8gb", "8 GB"], ["16gb", "16 GB"], ["32gb", "32 GB"], ["64gb", "64 GB"]) },
  { code: "storage", label: "Storage", input: "select", group: "Performance", options: opts(["128gb", "128 GB"], ["256gb", "256 GB"], ["512gb", "512 GB"], ["1tb", "1 TB"], ["2tb", "2 TB"]) },
  {
    code: "connectivity", label: "Connectivity", input: "multiselect", group: "Features",
    options: opts(["bluetooth", "Bluetooth"], ["wi-fi", "Wi-Fi"], ["hdmi-earc", "HDMI eARC"], ["optical", "Optical"], ["wired", "3.5 mm Wired"], ["usb-c", "USB-C"]),
  },
  {
    code: "material", label: "Material", input: "select", group: "Construction",
    options: opts(["top-grain-leather", "Top-Grain Leather"], ["faux-leather", "Faux Leather"], ["performance-fabric", "Performance Fabric"], ["velvet", "Velvet"],
      ["linen-blend", "Linen Blend"], ["solid-wood", "Solid Wood"], ["wood-veneer", "Wood Veneer"], ["engineered-wood", "Engineered Wood"],
      ["metal", "Metal"], ["glass", "Tempered Glass"], ["mesh", "Mesh"], ["memory-foam", "Memory Foam"], ["hybrid", "Hybrid Coil & Foam"], ["latex", "Natural Latex"]),
  },
  {
    code: "size", label: "Size", input: "select", group: "Dimensions",
    options: opts(["twin", "Twin"], ["twin-xl", "Twin XL"], ["full", "Full"], ["queen", "Queen"], ["king", "King"], ["california-king", "California King"]),
  },
  { code: "firmness", label: "Firmness", input: "select", group: "Comfort", options: opts(["soft", "Soft"], ["medium", "Medium"], ["medium-firm", "Medium Firm"], ["firm", "Firm"]) },
  { code: "seating_capacity", label: "Seating Capacity", input: "select", group: "Dimensions", options: opts(["2", "2 People"], ["3", "3 People"], ["4", "4 People"], ["6", "6 People"], ["8", "8 People"]) },
  {
    code: "finish", label: "Finish", input: "select", group: "Appearance",
    options: opts(["fingerprint-resistant", "Fingerprint Resistant"], ["standard", "Standard"], ["matte", "Matte"], ["panel-ready", "Panel Ready"],
      ["natural", "Natural"], ["distressed", "Distressed"], ["wire-brushed", "Wire-Brushed"]),
  },
  {
    code: "special_features", label: "Features", input: "multiselect", group: "Features",
    options: opts(["ice-maker", "Ice Maker"], ["dual-ice-maker", "Dual Ice Maker"], ["water-dispenser", "Water Dispenser"], ["door-in-door", "Door-in-Door"],
      ["air-fry", "Air Fry"], ["convection", "Convection"], ["self-clean", "Self-Clean"], ["third-rack", "Third Rack"], ["steam", "Steam Cycle"],
      ["sensor-dry", "Sensor Dry"], ["sanitize", "Sanitize Cycle"], ["garage-ready", "Garage Ready"], ["noise-cancelling", "Noise Cancelling"],
      ["dolby-atmos", "Dolby Atmos"], ["hdmi-2-1", "HDMI 2.1"], ["waterproof", "Waterproof"], ["usb-charging", "USB Charging"],
      ["power-reclining", "Power Reclining"], ["storage", "Built-In Storage"], ["adjustable-height", "Adjustable Height"]),
  },
];

// ---------------------------------------------------------------------------------------------
// Leaf categories: how to invent a product
// ---------------------------------------------------------------------------------------------

type Range = readonly [number, number];

export interface SizeVariant {
  attribute: "size" | "screen_size";
  value: string;
  /** replaces the title for this child, e.g. '65 in. Class OLED 4K Smart TV' */
  title: string;
  priceFactor: number;
  /** where this size sits in the leaf's price range (see LeafDraft.priceHint) */
  priceHint?: number;
  width?: number;
}

export interface LeafDraft {
  /** descriptive name without brand or colour */
  title: string;
  /** attribute values as [code, option value] */
  attrs: [string, string][];
  /** extra specification rows for the product_data groups */
  specs: [string, string][];
  features: string[];
  width?: number;
  /** 0..1: where this configuration sits in the leaf's price range (bigger, faster, quieter costs more) */
  priceHint?: number;
  /** size-configurable products: the sizes one parent offers and the size-free parent title */
  sizes?: SizeVariant[];
  parentTitle?: string;
}

export interface LeafDef {
  urlKey: string;
  name: string;
  /** two letters in model numbers */
  code: string;
  /** short noun used in review and description text */
  noun: string;
  kind: ImageKind;
  style: number;
  family: Family;
  /** relative share of generated products */
  weight: number;
  brands: BrandGroup;
  price: Range;
  dims: { h: Range; w: Range; d: Range; lbs: Range };
  colors: ColorWeights;
  /** chance of being a configurable parent, and the attribute the children vary on */
  configurable?: { by: "color" | "size"; chance: number };
  energyStar?: number;
  addOns: readonly AddOnGroup[];
  build(r: Rng): LeafDraft;
}

const cuft = (n: number): string => `${n.toFixed(1)} cu. ft.`;

export function capacityBucket(cu: number): string {
  if (cu < 5) return "under-5";
  if (cu < 10) return "5-9";
  if (cu < 20) return "10-19";
  if (cu < 25) return "20-24";
  if (cu < 30) return "25-29";
  return "30-up";
}

export function widthBucket(inches: number): string {
  if (inches < 24) return "under-24";
  if (inches < 30) return "24-29";
  if (inches < 33) return "30-32";
  if (inches < 36) return "33-35";
  return "36-up";
}

function noiseBucket(dba: number): string {
  if (dba < 40) return "under-40";
  if (dba < 45) return "40-44";
  if (dba < 50) return "45-49";
  return "50-up";
}

const COLLECTIONS = ["Bennett", "Harlow", "Carmel", "Dalton", "Ashford", "Sonoma", "Marin", "Preston", "Avery", "Hudson", "Larkin", "Monterey",
  "Ellis", "Camden", "Whitney", "Sutton", "Brennan", "Tahoe", "Laurel", "Quincy", "Mendocino", "Reyes", "Colton", "Juniper"] as const;

const APPLIANCE_ADDONS: AddOnGroup[] = ["appliance-plan", "haul-away", "installation"];

export const LEAVES: readonly LeafDef[] = [
  // ----- refrigeration -----
  {
    urlKey: "french-door-refrigerators", name: "French Door Refrigerators", code: "FD", noun: "refrigerator", kind: "refrigerator", style: 0,
    family: "appliances", weight: 7, brands: "cooling", price: [1599, 3999], colors: APPLIANCE_COLORS,
    dims: { h: [68, 71], w: [35.6, 36], d: [28, 36], lbs: [260, 360] }, configurable: { by: "color", chance: 0.12 }, energyStar: 0.7,
    addOns: [...APPLIANCE_ADDONS, "fridge-filter", "fridge-install"],
    build(r) {
      const counter = r.chance(0.3);
      const cap = counter ? r.range(20, 24.5) : r.range(24.8, 30.5);
      const doors = r.chance(0.3) ? "4-Door " : "";
      const extra = r.pick(["with Dual Ice Maker", "with Internal Water Dispenser", "with Door-in-Door", "with Ice Maker", "with External Ice and Water Dispenser"]);
      const width = r.pick([33, 36, 36, 36]);
      const features: Record<string, string> = {
        "with Dual Ice Maker": "dual-ice-maker", "with Internal Water Dispenser": "water-dispenser", "with Door-in-Door": "door-in-door",
        "with Ice Maker": "ice-maker", "with External Ice and Water Dispenser": "water-dispenser",
      };
      return {
        title: `${cuft(cap)} ${counter ? "Counter-Depth " : ""}${doors}French Door Refrigerator ${extra}`,
        width, priceHint: (counter ? 0.25 : 0.45 * ((cap - 24.8) / 5.7)) + (doors ? 0.35 : 0) + (extra === "with Door-in-Door" ? 0.2 : 0),
        attrs: [["capacity", capacityBucket(cap)], ["width_range", widthBucket(width)], ["depth_type", counter ? "counter-depth" : "standard-depth"],
          ["installation_type", "freestanding"], ["special_features", features[extra]], ["special_features", "ice-maker"], ["smart_enabled", r.chance(0.45) ? "1" : "0"],
          ["finish", r.chance(0.6) ? "fingerprint-resistant" : "standard"]],
        specs: [["Total Capacity", cuft(cap)], ["Fresh Food Capacity", cuft(cap * 0.68)], ["Freezer Capacity", cuft(cap * 0.32)], ["Number of Doors", doors ? "4" : "3"]],
        features: ["Dual evaporators keep produce fresh longer", "Full-width deli drawer with adjustable temperature", "Bright LED lighting throughout",
          "Spill-proof glass shelves", "Door alarm alerts you if a door is left open", "Fingerprint-resistant finish wipes clean easily",
          "Filtered water and ice", "Quick-chill setting for party prep", "Gallon-size door bins", "Smart diagnostics through the companion app"],
      };
    },
  },
  {
    urlKey: "side-by-side-refrigerators", name: "Side-by-Side Refrigerators", code: "SS", noun: "refrigerator", kind: "refrigerator", style: 1,
    family: "appliances", weight: 4, brands: "cooling", price: [1199, 2799], colors: APPLIANCE_COLORS,
    dims: { h: [69, 71], w: [35.7, 36], d: [29, 35], lbs: [240, 320] }, configurable: { by: "color", chance: 0.1 }, energyStar: 0.6,
    addOns: [...APPLIANCE_ADDONS, "fridge-filter", "fridge-install"],
    build(r) {
      const counter = r.chance(0.25);
      const cap = counter ? r.range(21, 23.5) : r.range(24.5, 28.5);
      return {
        title: `${cuft(cap)} ${counter ? "Counter-Depth " : ""}Side-by-Side Refrigerator with External Ice and Water Dispenser`,
        width: 36, priceHint: counter ? 0.7 : (cap - 24.5) / 4,
        attrs: [["capacity", capacityBucket(cap)], ["width_range", "36-up"], ["depth_type", counter ? "counter-depth" : "standard-depth"],
          ["installation_type", "freestanding"], ["special_features", "ice-maker"], ["special_features", "water-dispenser"], ["finish", r.chance(0.5) ? "fingerprint-resistant" : "standard"]],
        specs: [["Total Capacity", cuft(cap)], ["Freezer Capacity", cuft(cap * 0.38)], ["Ice Production", `${r.int(3, 5)} lbs. per day`]],
        features: ["Easy-access external ice and water dispenser", "Adjustable spill-proof glass shelves", "Humidity-controlled crisper drawers",
          "Slim in-door ice system frees up shelf space", "Electronic temperature controls", "LED lighting", "Child lock on the dispenser", "Door alarm"],
      };
    },
  },
  {
    urlKey: "top-freezer-refrigerators", name: "Top Freezer Refrigerators", code: "TF", noun: "refrigerator", kind: "refrigerator", style: 2,
    family: "appliances", weight: 4, brands: "cooling", price: [649, 1399], colors: APPLIANCE_COLORS,
    dims: { h: [61, 67], w: [28, 30], d: [28, 33], lbs: [150, 210] }, configurable: { by: "color", chance: 0.12 }, energyStar: 0.75,
    addOns: [...APPLIANCE_ADDONS, "fridge-install"],
    build(r) {
      const cap = r.range(14, 21);
      const width = cap < 17 ? 28 : r.pick([28, 30]);
      const garage = r.chance(0.25);
      return {
        title: `${cuft(cap)} Top-Freezer Refrigerator${garage ? ", Garage Ready" : r.chance(0.4) ? " with LED Lighting" : ""}`,
        width, priceHint: (cap - 14) / 7,
        attrs: [["capacity", capacityBucket(cap)], ["width_range", widthBucket(width)], ["installation_type", "freestanding"], ["depth_type", "standard-depth"],
          ...(garage ? [["special_features", "garage-ready"] as [string, string]] : [])],
        specs: [["Total Capacity", cuft(cap)], ["Freezer Capacity", cuft(cap * 0.27)], ["Ice Maker", r.chance(0.5) ? "Optional (kit sold separately)" : "Included"]],
        features: ["Reversible doors fit any kitchen layout", "Two humidity-controlled crispers", "Gallon door storage", "Adjustable wire freezer shelf",
          "Frost-free freezer", "Garage-ready performance from 38°F to 110°F", "Energy-saving LED lighting"],
      };
    },
  },
  {
    urlKey: "bottom-freezer-refrigerators", name: "Bottom Freezer Refrigerators", code: "BF", noun: "refrigerator", kind: "refrigerator", style: 3,
    family: "appliances", weight: 3, brands: "cooling", price: [999, 2199], colors: APPLIANCE_COLORS,
    dims: { h: [67, 70], w: [29.5, 33], d: [30, 34], lbs: [190, 260] }, configurable: { by: "color", chance: 0.12 }, energyStar: 0.7,
    addOns: [...APPLIANCE_ADDONS, "fridge-filter", "fridge-install"],
    build(r) {
      const cap = r.range(18.5, 22.5);
      const width = r.pick([30, 33]);
      return {
        title: `${cuft(cap)} Bottom-Freezer Refrigerator with ${r.pick(["Ice Maker", "Pull-Out Freezer Drawer", "Internal Water Dispenser"])}`,
        width,
        attrs: [["capacity", capacityBucket(cap)], ["width_range", widthBucket(width)], ["installation_type", "freestanding"], ["depth_type", "standard-depth"], ["special_features", "ice-maker"]],
        specs: [["Total Capacity", cuft(cap)], ["Freezer Capacity", cuft(cap * 0.3)]],
        features: ["Fresh food at eye level", "Pull-out freezer drawer with divider", "Adjustable gallon door bins", "Wide crisper drawers",
          "Electronic controls on the door frame", "LED lighting", "Fast freeze setting"],
      };
    },
  },
  {
    urlKey: "compact-refrigerators", name: "Compact Refrigerators", code: "CR", noun: "mini fridge", kind: "refrigerator", style: 4,
    family: "appliances", weight: 3, brands: "small", price: [179, 599], colors: [["black", 40], ["stainless", 35], ["white", 20], ["red", 5]],
    dims: { h: [32, 36], w: [17.5, 24], d: [18, 24], lbs: [45, 90] }, energyStar: 0.5, addOns: ["appliance-plan"],
    build(r) {
      const cap = r.range(1.7, 4.5);
      const kind = r.pick(["Compact Refrigerator", "Compact Refrigerator with Freezer Compartment", "2-Door Compact Refrigerator", "Beverage Center"]);
      const width = r.range(17.5, 23.8);
      return {
        title: `${cuft(cap)} ${kind}`,
        width, priceHint: (cap - 1.7) / 2.8,
        attrs: [["capacity", "under-5"], ["width_range", "under-24"], ["installation_type", r.chance(0.3) ? "built-in" : "freestanding"]],
        specs: [["Total Capacity", cuft(cap)], ["Temperature Range", "33°F - 43°F"], ["Door Swing", "Reversible"]],
        features: ["Fits under most counters", "Reversible door", "Adjustable thermostat", "Can dispenser on the door", "Glass shelves", "Quiet compressor"],
      };
    },
  },
  {
    urlKey: "chest-freezers", name: "Chest Freezers", code: "CF", noun: "freezer", kind: "freezer", style: 0,
    family: "appliances", weight: 2, brands: "cooling", price: [229, 899], colors: [["white", 80], ["black", 10], ["stainless", 10]],
    dims: { h: [33, 35], w: [22, 63], d: [21, 30], lbs: [60, 150] }, energyStar: 0.4, addOns: ["appliance-plan", "haul-away"],
    build(r) {
      const cap = r.pick([5.0, 7.0, 8.8, 10.2, 14.8, 17.7, 21.7]);
      const width = Math.round(22 + cap * 2);
      return {
        title: `${cuft(cap)} Chest Freezer${r.chance(0.5) ? ", Garage Ready" : ""}`,
        width, priceHint: (cap - 5) / 16.7,
        attrs: [["capacity", capacityBucket(cap)], ["width_range", widthBucket(width)], ["installation_type", "freestanding"], ["special_features", "garage-ready"]],
        specs: [["Total Capacity", cuft(cap)], ["Baskets", String(r.int(1, 3))], ["Defrost", "Manual"]],
        features: ["Garage-ready to 0°F", "Removable storage basket", "Power-on indicator light", "Adjustable temperature control", "Defrost drain"],
      };
    },
  },
  {
    urlKey: "upright-freezers", name: "Upright Freezers", code: "UF", noun: "freezer", kind: "freezer", style: 1,
    family: "appliances", weight: 2, brands: "cooling", price: [649, 1499], colors: [["white", 55], ["stainless", 35], ["black", 10]],
    dims: { h: [59, 76], w: [28, 33], d: [28, 31], lbs: [150, 230] }, energyStar: 0.6, addOns: ["appliance-plan", "haul-away"],
    build(r) {
      const cap = r.range(13.3, 21);
      return {
        title: `${cuft(cap)} ${r.chance(0.7) ? "Frost-Free " : ""}Upright Freezer`,
        width: cap > 17 ? 33 : 30, priceHint: (cap - 13.3) / 7.7,
        attrs: [["capacity", capacityBucket(cap)], ["width_range", widthBucket(cap > 17 ? 33 : 30)], ["installation_type", "freestanding"]],
        specs: [["Total Capacity", cuft(cap)], ["Shelves", String(r.int(4, 6))]],
        features: ["Frost-free operation", "Fast freeze", "Temperature alarm", "Door lock with pop-out key", "LED lighting", "Adjustable shelves"],
      };
    },
  },
  // ----- cooking -----
  {
    urlKey: "gas-ranges", name: "Gas Ranges", code: "GR", noun: "range", kind: "range", style: 0,
    family: "appliances", weight: 5, brands: "kitchen", price: [749, 2999], colors: APPLIANCE_COLORS,
    dims: { h: [46, 48], w: [29.9, 30], d: [26, 29], lbs: [150, 240] }, configurable: { by: "color", chance: 0.12 },
    addOns: [...APPLIANCE_ADDONS, "range-gas-install"],
    build(r) {
      const slide = r.chance(0.4);
      const cap = r.range(5.0, 6.0);
      const burners = r.pick([5, 5, 6]);
      const extra = r.pick(["with Air Fry", "with Convection", "with Griddle", "with Self-Clean", "with Steam Clean"]);
      const featureMap: Record<string, string> = {
        "with Air Fry": "air-fry", "with Convection": "convection", "with Griddle": "convection", "with Self-Clean": "self-clean", "with Steam Clean": "self-clean",
      };
      return {
        title: `30 in. ${cuft(cap)} ${slide ? "Slide-In" : "Freestanding"} Gas Range ${extra}`,
        width: 30, priceHint: (slide ? 0.45 : 0) + (cap - 5) * 0.3 + (burners === 6 ? 0.25 : 0),
        attrs: [["fuel_type", "gas"], ["installation_type", slide ? "slide-in" : "freestanding"], ["width_range", "30-32"], ["capacity", "5-9"],
          ["special_features", featureMap[extra]], ["smart_enabled", r.chance(0.4) ? "1" : "0"]],
        specs: [["Oven Capacity", cuft(cap)], ["Number of Burners", String(burners)], ["Max Burner Output", `${r.pick([17000, 18000, 19000, 20000])} BTU`], ["Grates", "Continuous cast iron"]],
        features: ["Edge-to-edge continuous grates", "Power burner boils water fast", "Simmer burner for delicate sauces", "True convection cooking",
          "No-preheat air fry", "Self-clean and steam-clean options", "Storage drawer", "Sealed burners for easy cleanup", "Hidden bake element"],
      };
    },
  },
  {
    urlKey: "electric-ranges", name: "Electric Ranges", code: "ER", noun: "range", kind: "range", style: 1,
    family: "appliances", weight: 5, brands: "kitchen", price: [649, 2499], colors: APPLIANCE_COLORS,
    dims: { h: [46, 48], w: [29.9, 30], d: [26, 29], lbs: [130, 220] }, configurable: { by: "color", chance: 0.12 },
    addOns: [...APPLIANCE_ADDONS, "range-electric-install"],
    build(r) {
      const dbl = r.chance(0.2);
      const cap = dbl ? r.range(6.6, 7.0) : r.range(5.3, 6.4);
      const slide = r.chance(0.35);
      return {
        title: `30 in. ${cuft(cap)} ${slide ? "Slide-In" : "Freestanding"} ${dbl ? "Double Oven " : ""}Electric Range with ${r.pick(["Convection", "Air Fry", "Self-Clean", "Steam Clean"])}`,
        width: 30, priceHint: (slide ? 0.4 : 0) + (dbl ? 0.45 : 0) + (cap - 5.3) * 0.1,
        attrs: [["fuel_type", "electric"], ["installation_type", slide ? "slide-in" : "freestanding"], ["width_range", "30-32"], ["capacity", "5-9"],
          ["special_features", r.chance(0.5) ? "convection" : "self-clean"], ["smart_enabled", r.chance(0.35) ? "1" : "0"]],
        specs: [["Oven Capacity", cuft(cap)], ["Elements", String(r.pick([4, 5]))], ["Cooktop Surface", "Smooth ceramic glass"]],
        features: ["Smooth glass cooktop", "Dual-size element for small and large pans", "Warming zone", "True convection", "Self-clean",
          "Storage drawer", "Hidden bake element", "Delay start"],
      };
    },
  },
  {
    urlKey: "induction-ranges", name: "Induction Ranges", code: "IR", noun: "range", kind: "range", style: 2,
    family: "appliances", weight: 2, brands: "kitchen", price: [1299, 3499], colors: [["stainless", 60], ["blackStainless", 25], ["black", 15]],
    dims: { h: [36, 47], w: [29.9, 30], d: [26, 28], lbs: [160, 230] },
    addOns: [...APPLIANCE_ADDONS, "range-electric-install"],
    build(r) {
      const cap = r.range(5.3, 6.3);
      return {
        title: `30 in. ${cuft(cap)} Slide-In Induction Range with ${r.pick(["Air Fry", "Convection", "Bridge Element"])}`,
        width: 30,
        attrs: [["fuel_type", "induction"], ["installation_type", "slide-in"], ["width_range", "30-32"], ["capacity", "5-9"], ["special_features", "air-fry"], ["smart_enabled", "1"]],
        specs: [["Oven Capacity", cuft(cap)], ["Cooking Zones", "4 with bridge"], ["Boost", "Power boost on every zone"]],
        features: ["Induction heats the pan, not the glass", "Boils water up to 50% faster", "Bridge element for griddles", "Precise low simmer",
          "Glass stays cool to the touch", "Air fry with no preheat", "Wi-Fi remote preheat"],
      };
    },
  },
  {
    urlKey: "wall-ovens", name: "Wall Ovens", code: "WO", noun: "wall oven", kind: "range", style: 3,
    family: "appliances", weight: 2, brands: "kitchen", price: [1499, 4299], colors: [["stainless", 60], ["blackStainless", 20], ["black", 12], ["white", 8]],
    dims: { h: [28, 52], w: [27, 30], d: [23.5, 26], lbs: [120, 260] }, addOns: [...APPLIANCE_ADDONS],
    build(r) {
      const width = r.pick([27, 30]);
      const type = r.pick(["Single", "Double", "Combination Microwave"]);
      return {
        title: `${width} in. ${type} Electric Wall Oven with ${r.pick(["True Convection", "Steam Cooking", "Self-Clean"])}`,
        width, priceHint: ({ Single: 0.1, Double: 0.6, "Combination Microwave": 0.75 }[type] ?? 0.5) + (width === 30 ? 0.2 : 0),
        attrs: [["fuel_type", "electric"], ["installation_type", "built-in"], ["width_range", widthBucket(width)], ["special_features", "convection"]],
        specs: [["Oven Type", type], ["Capacity per Oven", cuft(r.range(4.3, 5.1))]],
        features: ["True European convection", "Temperature probe", "Sabbath mode", "Glide-out racks", "Touch controls", "Self-clean with steam option"],
      };
    },
  },
  {
    urlKey: "cooktops", name: "Cooktops", code: "CT", noun: "cooktop", kind: "range", style: 4,
    family: "appliances", weight: 2, brands: "kitchen", price: [599, 2499], colors: [["black", 50], ["stainless", 50]],
    dims: { h: [3, 5], w: [30, 36.5], d: [20, 22], lbs: [30, 60] }, addOns: [...APPLIANCE_ADDONS],
    build(r) {
      const width = r.pick([30, 36]);
      const fuel = r.pick(["gas", "electric", "induction"] as const);
      const label = { gas: "Gas Cooktop with 5 Burners", electric: "Radiant Electric Cooktop", induction: "Induction Cooktop" }[fuel];
      return {
        title: `${width} in. ${label}`,
        width, priceHint: (width === 36 ? 0.4 : 0) + { gas: 0.2, electric: 0, induction: 0.55 }[fuel],
        attrs: [["fuel_type", fuel], ["installation_type", "built-in"], ["width_range", widthBucket(width)]],
        specs: [["Cooking Zones", String(width === 36 ? 5 : 4)], ["Surface", fuel === "gas" ? "Stainless with cast-iron grates" : "Ceramic glass"]],
        features: ["Hot surface indicator lights", "Bridge element", "Simmer setting", "Touch or knob controls", "Easy-clean surface"],
      };
    },
  },
  {
    urlKey: "range-hoods", name: "Range Hoods", code: "RH", noun: "range hood", kind: "hood", style: 0,
    family: "appliances", weight: 2, brands: "kitchen", price: [199, 1299], colors: [["stainless", 75], ["black", 15], ["white", 10]],
    dims: { h: [6, 36], w: [30, 36], d: [18, 22], lbs: [18, 45] }, addOns: ["installation", "appliance-plan"],
    build(r) {
      const width = r.pick([30, 36]);
      const wall = r.chance(0.5);
      const cfm = r.pick([300, 400, 450, 600, 900]);
      return {
        title: `${width} in. ${wall ? "Wall-Mount Chimney" : "Under-Cabinet"} Range Hood, ${cfm} CFM`,
        width, priceHint: (cfm - 300) / 600 * 0.7 + (wall ? 0.3 : 0),
        attrs: [["installation_type", wall ? "wall-mount" : "under-cabinet"], ["width_range", widthBucket(width)]],
        specs: [["Airflow", `${cfm} CFM`], ["Fan Speeds", String(r.int(3, 4))], ["Venting", r.chance(0.6) ? "Ducted or ductless" : "Ducted"]],
        features: ["Dishwasher-safe baffle filters", "LED task lighting", "Quiet multi-speed blower", "Convertible to ductless", "Delay shut-off"],
      };
    },
  },
  // ----- dishwashers -----
  {
    urlKey: "built-in-dishwashers", name: "Built-In Dishwashers", code: "DW", noun: "dishwasher", kind: "dishwasher", style: 0,
    family: "appliances", weight: 5, brands: "kitchen", price: [499, 1599], colors: APPLIANCE_COLORS,
    dims: { h: [33.5, 34.5], w: [23.75, 24], d: [24, 25], lbs: [70, 105] }, configurable: { by: "color", chance: 0.12 }, energyStar: 0.85,
    addOns: [...APPLIANCE_ADDONS, "dishwasher-install"],
    build(r) {
      const dba = r.int(38, 52);
      const top = r.chance(0.6);
      const third = r.chance(0.6);
      return {
        title: `24 in. ${top ? "Top Control" : "Front Control"} Built-In Dishwasher ${third ? "with Third Rack" : "with Stainless Steel Tub"}, ${dba} dBA`,
        width: 24, priceHint: (52 - dba) / 14 * 0.8 + (third ? 0.2 : 0),
        attrs: [["installation_type", top ? "top-control" : "front-control"], ["noise_level", noiseBucket(dba)], ["width_range", "24-29"],
          ...(third ? [["special_features", "third-rack"] as [string, string]] : []), ["special_features", "sanitize"]],
        specs: [["Noise Level", `${dba} dBA`], ["Place Settings", String(r.pick([14, 15, 16]))], ["Tub Material", "Stainless steel"], ["Wash Cycles", String(r.int(5, 8))]],
        features: ["Third rack for utensils and small items", "Sanitize cycle kills 99.9% of bacteria", "Soil sensor adjusts water use", "Adjustable upper rack",
          "Bottle jets", "Heated dry", "Quiet operation", "Hidden controls for a seamless look"],
      };
    },
  },
  {
    urlKey: "portable-dishwashers", name: "Portable Dishwashers", code: "PD", noun: "dishwasher", kind: "dishwasher", style: 2,
    family: "appliances", weight: 1, brands: "small", price: [449, 899], colors: [["white", 50], ["stainless", 35], ["black", 15]],
    dims: { h: [36, 37], w: [18, 24], d: [25, 27], lbs: [80, 110] }, energyStar: 0.6, addOns: ["appliance-plan"],
    build(r) {
      const width = r.pick([18, 24]);
      return {
        title: `${width} in. Portable Dishwasher with ${r.pick(["Hardwood Top", "Stainless Steel Tub", "Quick Connect Faucet Adapter"])}`,
        width,
        attrs: [["installation_type", "portable"], ["width_range", widthBucket(width)], ["noise_level", "50-up"]],
        specs: [["Place Settings", String(width === 18 ? 8 : 12)], ["Connection", "Faucet quick connect"]],
        features: ["Rolls on smooth casters", "Hardwood top doubles as prep space", "Quick connect to the kitchen faucet", "Five wash cycles"],
      };
    },
  },
  // ----- laundry -----
  {
    urlKey: "front-load-washers", name: "Front Load Washers", code: "FW", noun: "washer", kind: "washer", style: 0,
    family: "appliances", weight: 4, brands: "laundry", price: [749, 1799], colors: LAUNDRY_COLORS,
    dims: { h: [38, 40], w: [27, 28], d: [31, 34], lbs: [180, 230] }, configurable: { by: "color", chance: 0.12 }, energyStar: 0.9,
    addOns: [...APPLIANCE_ADDONS, "washer-install"],
    build(r) {
      const cap = r.range(4.5, 5.3);
      return {
        title: `${cuft(cap)} High-Efficiency Front Load Washer with ${r.pick(["Steam", "Allergen Cycle", "Smart Dispense", "Quick Wash"])}`,
        width: 27, priceHint: (cap - 4.5) / 0.8,
        attrs: [["capacity", capacityBucket(cap)], ["width_range", "24-29"], ["installation_type", "freestanding"], ["special_features", "steam"], ["special_features", "sanitize"],
          ["smart_enabled", r.chance(0.5) ? "1" : "0"]],
        specs: [["Capacity", cuft(cap)], ["Max Spin Speed", `${r.pick([1200, 1300, 1400])} RPM`], ["Wash Cycles", String(r.int(10, 14))]],
        features: ["Steam removes tough stains", "Allergen cycle", "Stackable with matching dryer", "Load-and-go detergent dispenser",
          "Vibration reduction technology", "Quick wash in 15 minutes", "Smart notifications when a cycle ends"],
      };
    },
  },
  {
    urlKey: "top-load-washers", name: "Top Load Washers", code: "TW", noun: "washer", kind: "washer", style: 1,
    family: "appliances", weight: 4, brands: "laundry", price: [549, 1399], colors: LAUNDRY_COLORS,
    dims: { h: [42, 45], w: [27, 28], d: [27, 29], lbs: [130, 170] }, configurable: { by: "color", chance: 0.12 }, energyStar: 0.8,
    addOns: [...APPLIANCE_ADDONS, "washer-install"],
    build(r) {
      const cap = r.range(4.3, 5.5);
      const agitator = r.chance(0.45);
      return {
        title: `${cuft(cap)} Top Load Washer with ${agitator ? "Agitator" : "Impeller"} and ${r.pick(["Deep Water Wash", "Built-In Faucet", "Pretreat Station"])}`,
        width: 27.5, priceHint: (cap - 4.3) / 1.2,
        attrs: [["capacity", capacityBucket(cap)], ["width_range", "24-29"], ["installation_type", "freestanding"]],
        specs: [["Capacity", cuft(cap)], ["Wash Action", agitator ? "Agitator" : "Impeller"], ["Wash Cycles", String(r.int(8, 12))]],
        features: ["Built-in water faucet for pretreating", "Deep water wash option", "Soft-close lid", "Stainless steel wash basket", "Automatic load sensing"],
      };
    },
  },
  {
    urlKey: "electric-dryers", name: "Electric Dryers", code: "ED", noun: "dryer", kind: "dryer", style: 0,
    family: "appliances", weight: 4, brands: "laundry", price: [599, 1599], colors: LAUNDRY_COLORS,
    dims: { h: [38, 45], w: [27, 29], d: [30, 32], lbs: [110, 150] }, configurable: { by: "color", chance: 0.12 }, energyStar: 0.5,
    addOns: [...APPLIANCE_ADDONS, "dryer-electric-install"],
    build(r) {
      const cap = r.range(7.3, 7.8);
      return {
        title: `${cuft(cap)} Electric Dryer with ${r.pick(["Steam and Sensor Dry", "Sensor Dry", "Wrinkle Care", "Sanitize Cycle"])}`,
        width: 27,
        attrs: [["capacity", capacityBucket(cap)], ["fuel_type", "electric"], ["width_range", "24-29"], ["installation_type", "freestanding"], ["special_features", "sensor-dry"]],
        specs: [["Capacity", cuft(cap)], ["Dry Cycles", String(r.int(9, 13))], ["Venting", "4-way venting"]],
        features: ["Sensor dry prevents over-drying", "Steam refresh", "Wrinkle prevent", "Reversible door", "Lint filter indicator", "Stackable"],
      };
    },
  },
  {
    urlKey: "gas-dryers", name: "Gas Dryers", code: "GD", noun: "dryer", kind: "dryer", style: 0,
    family: "appliances", weight: 2, brands: "laundry", price: [699, 1699], colors: LAUNDRY_COLORS,
    dims: { h: [38, 45], w: [27, 29], d: [30, 32], lbs: [115, 155] }, energyStar: 0.4,
    addOns: [...APPLIANCE_ADDONS, "dryer-gas-install"],
    build(r) {
      const cap = r.range(7.3, 7.8);
      return {
        title: `${cuft(cap)} Gas Dryer with ${r.pick(["Steam and Sensor Dry", "Sensor Dry", "Wrinkle Care"])}`,
        width: 27,
        attrs: [["capacity", capacityBucket(cap)], ["fuel_type", "gas"], ["width_range", "24-29"], ["installation_type", "freestanding"], ["special_features", "sensor-dry"]],
        specs: [["Capacity", cuft(cap)], ["Gas Type", "Natural gas (LP convertible)"]],
        features: ["Sensor dry", "LP conversion kit available", "Steam refresh", "Interior drum light", "Reversible door"],
      };
    },
  },
  // ----- microwaves -----
  {
    urlKey: "over-the-range-microwaves", name: "Over-the-Range Microwaves", code: "OM", noun: "microwave", kind: "microwave", style: 1,
    family: "appliances", weight: 3, brands: "kitchen", price: [299, 899], colors: APPLIANCE_COLORS,
    dims: { h: [16, 17.5], w: [29.9, 30], d: [15, 17], lbs: [55, 70] }, configurable: { by: "color", chance: 0.1 },
    addOns: ["appliance-plan", "otr-install", "haul-away"],
    build(r) {
      const cap = r.range(1.7, 2.1);
      const cfm = r.pick([300, 400]);
      return {
        title: `${cuft(cap)} Over-the-Range Microwave with Sensor Cooking, ${cfm} CFM`,
        width: 30, priceHint: (cap - 1.7) / 0.4 * 0.6 + (cfm === 400 ? 0.4 : 0),
        attrs: [["installation_type", "over-the-range"], ["capacity", "under-5"], ["width_range", "30-32"], ...(r.chance(0.3) ? [["special_features", "convection"] as [string, string]] : [])],
        specs: [["Capacity", cuft(cap)], ["Cooking Power", `${r.pick([1000, 1100])} W`], ["Vent", `${cfm} CFM`]],
        features: ["Sensor cooking", "Two-speed vent fan", "LED cooktop lighting", "Turntable on/off", "Steam clean interior"],
      };
    },
  },
  {
    urlKey: "countertop-microwaves", name: "Countertop Microwaves", code: "CM", noun: "microwave", kind: "microwave", style: 0,
    family: "appliances", weight: 3, brands: "small", price: [99, 349], colors: [["stainless", 40], ["black", 35], ["white", 20], ["red", 5]],
    dims: { h: [11, 14], w: [19, 24], d: [15, 20], lbs: [25, 40] }, addOns: ["appliance-plan"],
    build(r) {
      const cap = r.range(0.9, 2.2);
      const watts = cap < 1.3 ? 1000 : 1200;
      return {
        title: `${cuft(cap)} Countertop Microwave, ${watts} Watts${r.chance(0.3) ? " with Inverter" : ""}`,
        width: r.range(19, 24), priceHint: (cap - 0.9) / 1.3,
        attrs: [["installation_type", "countertop"], ["capacity", "under-5"], ["width_range", "under-24"]],
        specs: [["Capacity", cuft(cap)], ["Cooking Power", `${watts} W`], ["Power Levels", "10"]],
        features: ["One-touch popcorn and reheat", "Sensor reheat", "Child lock", "Removable glass turntable", "Quick 30-second start"],
      };
    },
  },
  {
    urlKey: "built-in-microwaves", name: "Built-In Microwaves", code: "BM", noun: "microwave", kind: "microwave", style: 2,
    family: "appliances", weight: 1, brands: "kitchen", price: [599, 1699], colors: [["stainless", 70], ["black", 20], ["blackStainless", 10]],
    dims: { h: [15, 19], w: [24, 30], d: [20, 24], lbs: [50, 95] }, addOns: ["appliance-plan", "installation"],
    build(r) {
      const drawer = r.chance(0.5);
      const width = drawer ? r.pick([24, 30]) : r.pick([27, 30]);
      return {
        title: drawer ? `${width} in. Built-In Microwave Drawer` : `${width} in. Built-In Microwave with Trim Kit`,
        width,
        attrs: [["installation_type", "built-in"], ["capacity", "under-5"], ["width_range", widthBucket(width)]],
        specs: [["Capacity", cuft(1.2)], ["Opening", drawer ? "Touch-open drawer" : "Side-swing door"]],
        features: ["Flush built-in look", "Sensor cooking", "Easy-access touch controls", "Defrost by weight"],
      };
    },
  },
  // ----- electronics: TVs -----
  ...tvLeaves(),
  {
    urlKey: "projectors", name: "Projectors", code: "PJ", noun: "projector", kind: "projector", style: 0,
    family: "electronics", weight: 2, brands: "tv", price: [499, 2999], colors: [["white", 50], ["black", 50]],
    dims: { h: [4, 8], w: [11, 22], d: [9, 16], lbs: [5, 25] }, addOns: ["electronics-plan", "tv-cable"],
    build(r) {
      const shortThrow = r.chance(0.4);
      const lumens = r.pick([2200, 2500, 3000, 3500]);
      const res = r.chance(0.7) ? "4k" : "full-hd";
      return {
        title: `${res === "4k" ? "4K" : "1080p"} ${shortThrow ? "Ultra Short Throw " : ""}Laser Projector, ${lumens} Lumens`,
        priceHint: (res === "4k" ? 0.4 : 0) + (shortThrow ? 0.3 : 0) + (lumens - 2200) / 1300 * 0.3,
        attrs: [["resolution", res], ["connectivity", "hdmi-earc"], ["connectivity", "wi-fi"], ["smart_enabled", "1"]],
        specs: [["Brightness", `${lumens} ANSI lumens`], ["Max Image Size", `${r.pick([120, 150, 200])} in.`], ["Light Source", "Laser, 25,000 hours"]],
        features: ["Laser light source lasts up to 25,000 hours", "HDR10 support", "Built-in streaming apps", "Auto keystone and focus", "Low input lag game mode"],
      };
    },
  },
  // ----- electronics: audio -----
  {
    urlKey: "soundbars", name: "Soundbars", code: "SB", noun: "soundbar", kind: "soundbar", style: 0,
    family: "electronics", weight: 4, brands: "audio", price: [149, 1499], colors: [["black", 85], ["white", 15]],
    dims: { h: [2.3, 3.5], w: [32, 48], d: [3, 5], lbs: [5, 16] }, configurable: { by: "color", chance: 0.08 }, addOns: ["electronics-plan", "tv-cable"],
    build(r) {
      const ch = r.pick(["2.1", "3.1", "3.1.2", "5.1.2", "7.1.4"]);
      const atmos = ch.split(".").length === 3;
      return {
        title: `${ch} Channel ${atmos ? "Dolby Atmos " : ""}Soundbar with ${r.pick(["Wireless Subwoofer", "Built-In Subwoofers", "Rear Speakers"])}`,
        priceHint: ["2.1", "3.1", "3.1.2", "5.1.2", "7.1.4"].indexOf(ch) / 4,
        attrs: [["connectivity", "hdmi-earc"], ["connectivity", "bluetooth"], ["connectivity", "optical"], ...(atmos ? [["special_features", "dolby-atmos"] as [string, string]] : []),
          ["smart_enabled", r.chance(0.5) ? "1" : "0"]],
        specs: [["Channels", ch], ["Total Power", `${r.pick([240, 300, 400, 520, 720])} W`], ["Subwoofer", "Wireless"]],
        features: ["Dialogue enhancement makes voices clear", "HDMI eARC with one-remote control", "Night mode", "Bluetooth streaming", "Wall-mountable"],
      };
    },
  },
  {
    urlKey: "bookshelf-speakers", name: "Bookshelf Speakers", code: "BS", noun: "speakers", kind: "speaker", style: 0,
    family: "electronics", weight: 2, brands: "audio", price: [149, 999], colors: [["black", 50], ["walnut", 30], ["white", 20]],
    dims: { h: [10, 15], w: [6, 9], d: [8, 12], lbs: [9, 25] }, addOns: ["electronics-plan"],
    build(r) {
      const woofer = r.pick(["4", "5.25", "6.5"]);
      const powered = r.chance(0.5);
      return {
        title: `${powered ? "Powered " : "Passive "}Bookshelf Speakers with ${woofer} in. Woofer (Pair)`,
        attrs: [["connectivity", powered ? "bluetooth" : "wired"], ...(powered ? [["connectivity", "optical"] as [string, string]] : [])],
        specs: [["Woofer", `${woofer} in.`], ["Tweeter", "1 in. silk dome"], ["Frequency Response", `${r.int(45, 60)} Hz - 20 kHz`]],
        features: ["Silk dome tweeter for smooth highs", "Rear bass port", "Magnetic grilles", "Keyhole wall mounts", "Real wood veneer cabinet"],
      };
    },
  },
  {
    urlKey: "wireless-speakers", name: "Wireless Speakers", code: "WS", noun: "speaker", kind: "speaker", style: 1,
    family: "electronics", weight: 3, brands: "audio", price: [49, 449], colors: GADGET_COLORS, configurable: { by: "color", chance: 0.15 },
    dims: { h: [6, 11], w: [3, 8], d: [3, 6], lbs: [1, 6] }, addOns: ["electronics-plan"],
    build(r) {
      const portable = r.chance(0.6);
      return {
        title: portable ? `Portable Bluetooth Speaker, ${r.pick(["Waterproof", "IP67 Waterproof", "Rugged"])}, ${r.int(12, 24)}-Hour Battery` : "Smart Wi-Fi Speaker with Voice Assistant",
        attrs: [["connectivity", "bluetooth"], ...(portable ? [["special_features", "waterproof"] as [string, string]] : [["connectivity", "wi-fi"] as [string, string]])],
        specs: [["Battery Life", portable ? `${r.int(12, 24)} hours` : "Plug-in"], ["Water Resistance", portable ? "IP67" : "None"]],
        features: ["360-degree sound", "Pair two speakers for stereo", "Built-in microphone for calls", "USB-C charging", "Floats in water"],
      };
    },
  },
  {
    urlKey: "headphones", name: "Headphones", code: "HP", noun: "headphones", kind: "headphones", style: 0,
    family: "electronics", weight: 3, brands: "audio", price: [59, 549], colors: GADGET_COLORS, configurable: { by: "color", chance: 0.2 },
    dims: { h: [2, 8], w: [2, 7], d: [1, 3.5], lbs: [0.2, 0.8] }, addOns: ["electronics-plan"],
    build(r) {
      const earbuds = r.chance(0.45);
      return {
        title: earbuds ? `True Wireless ${r.chance(0.6) ? "Noise Cancelling " : ""}Earbuds` : `Wireless ${r.chance(0.7) ? "Noise Cancelling " : ""}Over-Ear Headphones`,
        attrs: [["connectivity", "bluetooth"], ["connectivity", "usb-c"], ["special_features", "noise-cancelling"]],
        specs: [["Battery Life", `${earbuds ? r.int(6, 10) : r.int(25, 40)} hours`], ["Driver Size", earbuds ? "11 mm" : "40 mm"]],
        features: ["Active noise cancelling with transparency mode", "Multipoint Bluetooth pairing", "Fast charge: 10 minutes for 5 hours", "Touch controls", "Foldable design"],
      };
    },
  },
  {
    urlKey: "av-receivers", name: "AV Receivers", code: "AV", noun: "receiver", kind: "receiver", style: 0,
    family: "electronics", weight: 1, brands: "audio", price: [399, 2499], colors: [["black", 100]],
    dims: { h: [6, 7.5], w: [17, 17.2], d: [13, 16], lbs: [18, 32] }, addOns: ["electronics-plan", "tv-cable"],
    build(r) {
      const ch = r.pick(["5.2", "7.2", "9.2", "11.2"]);
      return {
        title: `${ch}-Channel 8K AV Receiver with Dolby Atmos`,
        priceHint: ["5.2", "7.2", "9.2", "11.2"].indexOf(ch) / 3,
        attrs: [["connectivity", "hdmi-earc"], ["connectivity", "wi-fi"], ["connectivity", "bluetooth"], ["special_features", "dolby-atmos"], ["special_features", "hdmi-2-1"]],
        specs: [["Channels", ch], ["Power per Channel", `${r.pick([80, 100, 120, 145])} W`], ["HDMI Inputs", String(r.int(6, 8))]],
        features: ["8K/60 and 4K/120 passthrough", "Room calibration with included microphone", "Multi-room streaming", "Phono input for turntables"],
      };
    },
  },
  // ----- electronics: computers -----
  {
    urlKey: "laptops", name: "Laptops", code: "LT", noun: "laptop", kind: "laptop", style: 0,
    family: "electronics", weight: 5, brands: "computing", price: [449, 2499], colors: [["silver", 40], ["spaceGray", 30], ["black", 25], ["blue", 5]],
    dims: { h: [0.6, 0.9], w: [12, 14.5], d: [8.5, 10], lbs: [2.6, 5.5] }, addOns: ["electronics-plan", "computer-accessory"],
    build(r) {
      const size = r.pick(["13", "14", "15.6", "16", "17"]);
      const cpu = r.pick(["intel-core-i5", "intel-core-i7", "intel-core-ultra-7", "amd-ryzen-5", "amd-ryzen-7"]);
      const ram = r.pick(["8gb", "16gb", "16gb", "32gb"]);
      const ssd = r.pick(["256gb", "512gb", "512gb", "1tb"]);
      const label = (v: string) => v.replace("gb", " GB").replace("tb", " TB");
      const cpuLabel = ATTRIBUTES.find((a) => a.code === "processor")!.options.find((o) => o.value === cpu)!.label;
      const twoInOne = r.chance(0.2);
      return {
        title: `${size} in. ${twoInOne ? "2-in-1 Touch " : ""}Laptop - ${cpuLabel}, ${label(ram)} RAM, ${label(ssd)} SSD`,
        priceHint: (["intel-core-i5", "amd-ryzen-5", "intel-core-i7", "amd-ryzen-7", "intel-core-ultra-7"].indexOf(cpu) / 4) * 0.4 +
          (["8gb", "16gb", "32gb"].indexOf(ram) / 2) * 0.35 + (["256gb", "512gb", "1tb"].indexOf(ssd) / 2) * 0.25,
        attrs: [["screen_size", size.replace(".", "-")], ["processor", cpu], ["ram", ram], ["storage", ssd], ["resolution", r.chance(0.6) ? "full-hd" : "qhd"],
          ["connectivity", "wi-fi"], ["connectivity", "usb-c"]],
        specs: [["Screen Size", `${size} in.`], ["Battery Life", `Up to ${r.int(8, 18)} hours`], ["Operating System", "Windows 11 Home"], ["Graphics", r.pick(["Integrated", "Integrated", "Discrete 8 GB"])]],
        features: ["Backlit keyboard", "1080p webcam with privacy shutter", "Fingerprint reader", "Wi-Fi 7", "Fast charging over USB-C", "Aluminum chassis"],
      };
    },
  },
  {
    urlKey: "desktops", name: "Desktops", code: "DT", noun: "computer", kind: "desktop", style: 0,
    family: "electronics", weight: 2, brands: "computing", price: [599, 2999], colors: [["black", 70], ["white", 20], ["silver", 10]],
    dims: { h: [14, 20], w: [6.5, 24], d: [12, 17], lbs: [12, 35] }, addOns: ["electronics-plan", "computer-accessory"],
    build(r) {
      const aio = r.chance(0.35);
      const cpu = r.pick(["intel-core-i5", "intel-core-i7", "amd-ryzen-7", "amd-ryzen-9"]);
      const ram = r.pick(["16gb", "32gb", "64gb"]);
      const cpuLabel = ATTRIBUTES.find((a) => a.code === "processor")!.options.find((o) => o.value === cpu)!.label;
      return {
        title: `${aio ? "27 in. All-in-One Desktop" : r.pick(["Gaming Desktop", "Desktop Computer", "Compact Desktop"])} - ${cpuLabel}, ${ram.replace("gb", " GB")} RAM, 1 TB SSD`,
        priceHint: (["intel-core-i5", "intel-core-i7", "amd-ryzen-7", "amd-ryzen-9"].indexOf(cpu) / 3) * 0.5 + (["16gb", "32gb", "64gb"].indexOf(ram) / 2) * 0.3 + (aio ? 0.2 : 0),
        attrs: [["processor", cpu], ["ram", ram], ["storage", "1tb"], ["connectivity", "wi-fi"], ...(aio ? [["screen_size", "27"] as [string, string]] : [])],
        specs: [["Form Factor", aio ? "All-in-one" : "Tower"], ["Graphics", r.pick(["Integrated", "Discrete 8 GB", "Discrete 12 GB"])], ["Ports", "USB-C, USB-A, HDMI, Ethernet"]],
        features: ["Tool-free upgrade access", "Wi-Fi 6E and Bluetooth 5.3", "Keyboard and mouse included", "Quiet cooling"],
      };
    },
  },
  {
    urlKey: "monitors", name: "Monitors", code: "MN", noun: "monitor", kind: "monitor", style: 0,
    family: "electronics", weight: 3, brands: "computing", price: [149, 1299], colors: [["black", 85], ["white", 10], ["silver", 5]],
    dims: { h: [16, 22], w: [21, 32], d: [7, 11], lbs: [7, 20] }, addOns: ["electronics-plan", "tv-cable"],
    build(r) {
      const size = r.pick(["24", "27", "27", "32", "34"]);
      const res = size === "24" ? "full-hd" : size === "34" ? "qhd" : r.pick(["qhd", "4k"]);
      const hz = r.pick([75, 100, 144, 165, 240]);
      const resLabel = { "full-hd": "FHD", qhd: "QHD", "4k": "4K UHD" }[res];
      return {
        title: `${size} in. ${size === "34" ? "Curved Ultrawide " : ""}${resLabel} ${r.pick(["IPS", "OLED", "VA"])} Monitor, ${hz} Hz`,
        priceHint: (["24", "27", "32", "34"].indexOf(size) / 3) * 0.4 + (["full-hd", "qhd", "4k"].indexOf(res) / 2) * 0.3 + ([75, 100, 144, 165, 240].indexOf(hz) / 4) * 0.3,
        attrs: [["screen_size", size], ["resolution", res], ["connectivity", "usb-c"]],
        specs: [["Refresh Rate", `${hz} Hz`], ["Response Time", `${r.pick([1, 1, 4, 5])} ms`], ["Stand", "Height, tilt and swivel adjustable"]],
        features: ["USB-C with 65 W charging", "Flicker-free backlight", "Height-adjustable stand", "VESA mount compatible", "HDR400"],
      };
    },
  },
  {
    urlKey: "tablets", name: "Tablets", code: "TB", noun: "tablet", kind: "tablet", style: 0,
    family: "electronics", weight: 2, brands: "computing", price: [199, 999], colors: [["spaceGray", 35], ["silver", 30], ["blue", 15], ["roseGold", 20]],
    configurable: { by: "color", chance: 0.2 },
    dims: { h: [9.5, 11.5], w: [6.9, 8], d: [0.25, 0.3], lbs: [1, 1.5] }, addOns: ["electronics-plan"],
    build(r) {
      const size = r.pick(["10.9", "11", "12.4"]);
      const storage = r.pick(["128gb", "256gb"]);
      return {
        title: `${size} in. Tablet, ${storage.replace("gb", " GB")}, Wi-Fi`,
        priceHint: (["10.9", "11", "12.4"].indexOf(size) / 2) * 0.6 + (storage === "256gb" ? 0.4 : 0),
        attrs: [["screen_size", size.replace(".", "-")], ["storage", storage], ["connectivity", "wi-fi"], ["connectivity", "usb-c"]],
        specs: [["Battery Life", `Up to ${r.int(10, 14)} hours`], ["Cameras", "12 MP rear, 12 MP front"]],
        features: ["Laminated anti-reflective display", "Stylus support", "Quad speakers", "All-day battery"],
      };
    },
  },
  // ----- furniture: living room -----
  {
    urlKey: "sofas", name: "Sofas", code: "SF", noun: "sofa", kind: "sofa", style: 0,
    family: "furniture", weight: 5, brands: "upholstery", price: [799, 3499], colors: FABRIC_COLORS, configurable: { by: "color", chance: 0.2 },
    dims: { h: [33, 38], w: [78, 96], d: [36, 42], lbs: [110, 190] }, addOns: ["furniture-plan", "fabric-care", "assembly"],
    build(r) {
      const width = r.int(78, 96);
      const material = r.weighted([["performance-fabric", 45], ["top-grain-leather", 20], ["velvet", 15], ["linen-blend", 20]] as const);
      const matLabel = ATTRIBUTES.find((a) => a.code === "material")!.options.find((o) => o.value === material)!.label;
      return {
        title: `${r.pick(COLLECTIONS)} ${width} in. ${matLabel} Sofa`,
        width,
        attrs: [["material", material], ["seating_capacity", "3"]],
        specs: [["Seat Height", `${r.int(18, 20)} in.`], ["Seat Depth", `${r.int(21, 25)} in.`], ["Cushion Fill", r.pick(["High-resilience foam", "Down-blend", "Pocketed coil"])], ["Frame", "Kiln-dried hardwood"]],
        features: ["Kiln-dried hardwood frame", "Removable, reversible seat cushions", "Stain-resistant performance fabric", "Sinuous spring suspension", "Includes two accent pillows"],
      };
    },
  },
  {
    urlKey: "sectionals", name: "Sectionals", code: "SC", noun: "sectional", kind: "sofa", style: 1,
    family: "furniture", weight: 3, brands: "upholstery", price: [1499, 4999], colors: FABRIC_COLORS, configurable: { by: "color", chance: 0.15 },
    dims: { h: [33, 38], w: [105, 130], d: [65, 100], lbs: [200, 360] }, addOns: ["furniture-plan", "fabric-care", "assembly"],
    build(r) {
      const pieces = r.pick([2, 3, 5]);
      const material = r.weighted([["performance-fabric", 55], ["top-grain-leather", 20], ["velvet", 10], ["faux-leather", 15]] as const);
      const matLabel = ATTRIBUTES.find((a) => a.code === "material")!.options.find((o) => o.value === material)!.label;
      return {
        title: `${r.pick(COLLECTIONS)} ${pieces}-Piece ${matLabel} Sectional ${r.pick(["with Chaise", "with Ottoman", "with Power Recliners", "L-Shaped"])}`,
        attrs: [["material", material], ["seating_capacity", pieces >= 5 ? "6" : "4"], ...(r.chance(0.3) ? [["special_features", "power-reclining"] as [string, string]] : [])],
        specs: [["Pieces", String(pieces)], ["Orientation", r.pick(["Left-arm facing chaise", "Right-arm facing chaise", "Reversible chaise"])]],
        features: ["Modular pieces rearrange to fit your room", "Deep seats for lounging", "Kiln-dried hardwood frame", "Easy-clean performance fabric", "Pieces connect with hidden brackets"],
      };
    },
  },
  {
    urlKey: "recliners", name: "Recliners", code: "RC", noun: "recliner", kind: "chair", style: 0,
    family: "furniture", weight: 3, brands: "upholstery", price: [499, 1899], colors: FABRIC_COLORS, configurable: { by: "color", chance: 0.12 },
    dims: { h: [39, 43], w: [32, 40], d: [36, 40], lbs: [70, 120] }, addOns: ["furniture-plan", "fabric-care"],
    build(r) {
      const power = r.chance(0.5);
      const material = r.pick(["top-grain-leather", "faux-leather", "performance-fabric"]);
      return {
        title: `${r.pick(COLLECTIONS)} ${power ? "Power Recliner with USB Charging" : r.pick(["Rocker Recliner", "Wall-Hugger Recliner", "Swivel Glider Recliner"])}`,
        attrs: [["material", material], ...(power ? [["special_features", "power-reclining"] as [string, string], ["special_features", "usb-charging"] as [string, string]] : [])],
        specs: [["Reclining", power ? "Power with adjustable headrest" : "Manual"], ["Wall Clearance", `${r.int(4, 12)} in.`]],
        features: ["One-touch power recline", "USB charging port", "Plush pillow-top arms", "Lumbar support", "Wall-hugger design needs only inches of clearance"],
      };
    },
  },
  {
    urlKey: "coffee-tables", name: "Coffee Tables", code: "CO", noun: "coffee table", kind: "table", style: 1,
    family: "furniture", weight: 2, brands: "casegoods", price: [199, 1099], colors: WOOD_COLORS,
    dims: { h: [16, 19], w: [36, 54], d: [20, 36], lbs: [35, 95] }, addOns: ["furniture-plan", "assembly"],
    build(r) {
      const material = r.pick(["solid-wood", "wood-veneer", "engineered-wood", "glass"]);
      return {
        title: `${r.pick(COLLECTIONS)} ${r.pick(["Lift-Top Coffee Table with Storage", "Round Coffee Table", "Rectangular Coffee Table", "Nesting Coffee Tables (Set of 2)"])}`,
        attrs: [["material", material], ["finish", r.pick(["natural", "distressed", "wire-brushed", "matte"])], ["special_features", "storage"]],
        specs: [["Top Material", material === "glass" ? "Tempered glass" : "Wood"], ["Assembly", "Minimal assembly required"]],
        features: ["Lift-top doubles as a work surface", "Hidden storage compartment", "Solid wood legs", "Felt-lined drawer"],
      };
    },
  },
  {
    urlKey: "tv-stands", name: "TV Stands", code: "TS", noun: "TV stand", kind: "storage", style: 2,
    family: "furniture", weight: 2, brands: "casegoods", price: [249, 1299], colors: WOOD_COLORS,
    dims: { h: [22, 32], w: [58, 84], d: [15, 20], lbs: [60, 160] }, addOns: ["furniture-plan", "assembly"],
    build(r) {
      const width = r.pick([60, 65, 70, 75, 80]);
      return {
        title: `${r.pick(COLLECTIONS)} ${width} in. ${r.pick(["TV Stand with Sliding Barn Doors", "Media Console", "Fireplace TV Stand", "Floating Media Console"])}`,
        width,
        attrs: [["material", r.pick(["solid-wood", "wood-veneer", "engineered-wood"])], ["finish", r.pick(["natural", "distressed", "wire-brushed"])], ["special_features", "storage"]],
        specs: [["Fits TVs Up To", `${width + 10} in.`], ["Weight Capacity", `${r.pick([100, 135, 150])} lbs.`]],
        features: ["Cord management cut-outs", "Adjustable shelves", "Soft-close doors", "Anti-tip hardware included"],
      };
    },
  },
  // ----- furniture: bedroom -----
  {
    urlKey: "beds", name: "Beds", code: "BD", noun: "bed", kind: "bed", style: 0,
    family: "furniture", weight: 3, brands: "casegoods", price: [499, 2199], colors: [...WOOD_COLORS, ["gray", 10], ["charcoal", 8]],
    configurable: { by: "size", chance: 0.3 },
    dims: { h: [44, 60], w: [64, 86], d: [86, 92], lbs: [90, 180] }, addOns: ["furniture-plan", "assembly", "mattress-protector"],
    build(r) {
      const type = r.pick(["Upholstered Panel Bed", "Platform Bed", "Storage Bed", "Sleigh Bed", "Canopy Bed"]);
      const coll = r.pick(COLLECTIONS);
      const sizes: SizeVariant[] = [
        { attribute: "size", value: "queen", title: `${coll} Queen ${type}`, priceFactor: 1, width: 64 },
        { attribute: "size", value: "king", title: `${coll} King ${type}`, priceFactor: 1.18, width: 80 },
        { attribute: "size", value: "california-king", title: `${coll} California King ${type}`, priceFactor: 1.22, width: 76 },
      ];
      const pick = r.pick(sizes.slice(0, 2));
      return {
        title: pick.title, parentTitle: `${coll} ${type}`, sizes, width: pick.width,
        attrs: [["size", pick.value], ["material", r.pick(["solid-wood", "wood-veneer", "velvet", "linen-blend"])], ...(type === "Storage Bed" ? [["special_features", "storage"] as [string, string]] : [])],
        specs: [["Headboard Height", `${r.int(44, 60)} in.`], ["Slat System", "Included, no box spring required"]],
        features: ["No box spring required", "Center support legs", "Padded headboard", "Under-bed clearance for storage"],
      };
    },
  },
  {
    urlKey: "mattresses", name: "Mattresses", code: "MT", noun: "mattress", kind: "bed", style: 1,
    family: "furniture", weight: 4, brands: "sleep", price: [399, 2499], colors: [["white", 60], ["ivory", 25], ["gray", 15]],
    configurable: { by: "size", chance: 0.4 },
    dims: { h: [10, 15], w: [38, 76], d: [75, 84], lbs: [50, 140] }, addOns: ["furniture-plan", "mattress-protector", "haul-away"],
    build(r) {
      const inch = r.pick([10, 11, 12, 13, 14]);
      const type = r.pick(["hybrid", "memory-foam", "latex", "hybrid"]);
      const firm = r.pick(["soft", "medium", "medium-firm", "firm"]);
      const typeLabel = { hybrid: "Hybrid", "memory-foam": "Memory Foam", latex: "Latex Hybrid" }[type] ?? "Hybrid";
      const firmLabel = { soft: "Plush", medium: "Medium", "medium-firm": "Medium Firm", firm: "Firm" }[firm];
      const coll = r.pick(COLLECTIONS);
      const base = `${coll} ${inch} in. ${typeLabel} Mattress, ${firmLabel}`;
      const sizes: SizeVariant[] = [
        { attribute: "size", value: "twin", title: `${base}, Twin`, priceFactor: 0.62, width: 38 },
        { attribute: "size", value: "full", title: `${base}, Full`, priceFactor: 0.82, width: 54 },
        { attribute: "size", value: "queen", title: `${base}, Queen`, priceFactor: 1, width: 60 },
        { attribute: "size", value: "king", title: `${base}, King`, priceFactor: 1.25, width: 76 },
      ];
      const pick = sizes[2];
      return {
        title: pick.title, parentTitle: base, sizes, width: pick.width,
        attrs: [["size", pick.value], ["material", type], ["firmness", firm]],
        specs: [["Height", `${inch} in.`], ["Comfort Layers", r.pick(["Gel memory foam", "Quilted pillow top", "Latex and foam"])], ["Trial", "120 nights"]],
        features: ["Cooling gel-infused comfort layer", "Individually wrapped coils reduce motion transfer", "Reinforced edge support", "CertiPUR-US certified foams", "120-night comfort guarantee"],
      };
    },
  },
  {
    urlKey: "dressers", name: "Dressers", code: "DR", noun: "dresser", kind: "storage", style: 0,
    family: "furniture", weight: 2, brands: "casegoods", price: [399, 1899], colors: WOOD_COLORS,
    dims: { h: [32, 40], w: [54, 68], d: [17, 20], lbs: [110, 220] }, addOns: ["furniture-plan", "assembly"],
    build(r) {
      const drawers = r.pick([6, 7, 9]);
      return {
        title: `${r.pick(COLLECTIONS)} ${drawers}-Drawer ${r.pick(["Double Dresser", "Dresser with Mirror", "Wide Chest"])}`,
        attrs: [["material", r.pick(["solid-wood", "wood-veneer", "engineered-wood"])], ["finish", r.pick(["natural", "distressed", "wire-brushed", "matte"])], ["special_features", "storage"]],
        specs: [["Drawers", String(drawers)], ["Drawer Glides", "Full-extension, soft-close"]],
        features: ["Dovetail drawer joinery", "Soft-close full-extension glides", "Felt-lined top drawers", "Anti-tip kit included"],
      };
    },
  },
  {
    urlKey: "nightstands", name: "Nightstands", code: "NS", noun: "nightstand", kind: "storage", style: 1,
    family: "furniture", weight: 2, brands: "casegoods", price: [149, 699], colors: WOOD_COLORS,
    dims: { h: [24, 30], w: [20, 28], d: [15, 18], lbs: [30, 70] }, addOns: ["furniture-plan", "assembly"],
    build(r) {
      const usb = r.chance(0.5);
      return {
        title: `${r.pick(COLLECTIONS)} ${r.pick(["2-Drawer", "3-Drawer", "1-Drawer Open Shelf"])} Nightstand${usb ? " with USB Ports" : ""}`,
        attrs: [["material", r.pick(["solid-wood", "wood-veneer", "engineered-wood"])], ["special_features", "storage"], ...(usb ? [["special_features", "usb-charging"] as [string, string]] : [])],
        specs: [["Drawers", String(r.int(1, 3))]],
        features: ["Built-in USB and outlet charging", "Soft-close drawers", "Open shelf for books", "Matches the collection dresser"],
      };
    },
  },
  // ----- furniture: dining -----
  {
    urlKey: "dining-tables", name: "Dining Tables", code: "DN", noun: "dining table", kind: "table", style: 0,
    family: "furniture", weight: 2, brands: "casegoods", price: [399, 2499], colors: WOOD_COLORS,
    dims: { h: [29, 30.5], w: [42, 96], d: [36, 44], lbs: [70, 200] }, addOns: ["furniture-plan", "assembly"],
    build(r) {
      const seats = r.pick(["4", "6", "8"]);
      const width = { "4": 48, "6": 72, "8": 90 }[seats] ?? 72;
      return {
        title: `${r.pick(COLLECTIONS)} ${width} in. ${r.pick(["Rectangular Dining Table", "Extending Dining Table", "Trestle Dining Table", seats === "4" ? "Round Pedestal Dining Table" : "Farmhouse Dining Table"])}`,
        width,
        attrs: [["seating_capacity", seats], ["material", r.pick(["solid-wood", "wood-veneer", "glass"])], ["finish", r.pick(["natural", "distressed", "wire-brushed"])]],
        specs: [["Seats", seats], ["Leaf", r.chance(0.4) ? "One 18 in. leaf included" : "None"]],
        features: ["Solid wood construction", "Seats up to 8 with the leaf", "Wire-brushed finish hides wear", "Adjustable levelers"],
      };
    },
  },
  {
    urlKey: "dining-chairs", name: "Dining Chairs", code: "DC", noun: "dining chairs", kind: "chair", style: 1,
    family: "furniture", weight: 2, brands: "casegoods", price: [149, 699], colors: [...FABRIC_COLORS, ["walnut", 10], ["black", 10]],
    configurable: { by: "color", chance: 0.2 },
    dims: { h: [36, 40], w: [18, 22], d: [20, 24], lbs: [18, 40] }, addOns: ["furniture-plan", "fabric-care"],
    build(r) {
      const material = r.pick(["solid-wood", "performance-fabric", "faux-leather", "metal"]);
      return {
        title: `${r.pick(COLLECTIONS)} ${r.pick(["Upholstered Dining Chair", "Side Chair", "Windsor Dining Chair", "Parsons Chair"])} (Set of 2)`,
        attrs: [["material", material]],
        specs: [["Seat Height", `${r.int(18, 19)} in.`], ["Pack Quantity", "2"]],
        features: ["Sold as a set of two", "Solid wood legs with floor protectors", "Stain-resistant fabric", "Ships fully assembled"],
      };
    },
  },
  {
    urlKey: "bar-stools", name: "Bar Stools", code: "BR", noun: "bar stool", kind: "chair", style: 3,
    family: "furniture", weight: 2, brands: "casegoods", price: [99, 449], colors: [["black", 35], ["walnut", 20], ["gray", 15], ["cream", 15], ["brown", 15]],
    configurable: { by: "color", chance: 0.15 },
    dims: { h: [34, 44], w: [16, 20], d: [17, 21], lbs: [15, 30] }, addOns: ["furniture-plan"],
    build(r) {
      const counter = r.chance(0.6);
      return {
        title: `${r.pick(COLLECTIONS)} ${counter ? "26 in. Counter Height" : "30 in. Bar Height"} ${r.pick(["Swivel Stool", "Backless Stool", "Upholstered Stool"])}`,
        attrs: [["material", r.pick(["metal", "solid-wood", "faux-leather"])]],
        specs: [["Seat Height", counter ? "26 in." : "30 in."], ["Swivel", r.chance(0.5) ? "360 degrees" : "No"]],
        features: ["360-degree swivel", "Footrest ring", "Floor-protecting glides", "Easy assembly"],
      };
    },
  },
  // ----- furniture: home office -----
  {
    urlKey: "desks", name: "Desks", code: "DK", noun: "desk", kind: "table", style: 2,
    family: "furniture", weight: 2, brands: "office", price: [199, 1299], colors: WOOD_COLORS,
    dims: { h: [29, 48], w: [42, 72], d: [22, 30], lbs: [45, 120] }, addOns: ["furniture-plan", "assembly"],
    build(r) {
      const standing = r.chance(0.35);
      const width = r.pick([48, 55, 60, 72]);
      return {
        title: `${r.pick(COLLECTIONS)} ${width} in. ${standing ? "Electric Standing Desk" : r.pick(["Writing Desk", "Executive Desk", "L-Shaped Desk"])}`,
        width,
        attrs: [["material", r.pick(["solid-wood", "engineered-wood", "metal"])], ...(standing ? [["special_features", "adjustable-height"] as [string, string]] : [["special_features", "storage"] as [string, string]])],
        specs: [["Height", standing ? "28 - 47 in. adjustable" : "30 in."], ["Weight Capacity", `${r.pick([150, 220, 275])} lbs.`]],
        features: ["Dual-motor height adjustment with presets", "Cable management tray", "Keyboard drawer", "Scratch-resistant top"],
      };
    },
  },
  {
    urlKey: "office-chairs", name: "Office Chairs", code: "OC", noun: "office chair", kind: "chair", style: 2,
    family: "furniture", weight: 2, brands: "office", price: [149, 899], colors: [["black", 60], ["gray", 25], ["white", 10], ["navy", 5]],
    configurable: { by: "color", chance: 0.15 },
    dims: { h: [38, 48], w: [25, 28], d: [24, 27], lbs: [30, 55] }, addOns: ["furniture-plan", "assembly"],
    build(r) {
      return {
        title: `${r.pick(["Ergonomic Mesh Office Chair with Lumbar Support", "Executive High-Back Office Chair", "Task Chair with Adjustable Arms", "Gaming Chair with Footrest"])}`,
        attrs: [["material", r.pick(["mesh", "faux-leather", "performance-fabric"])], ["special_features", "adjustable-height"]],
        specs: [["Weight Capacity", `${r.pick([250, 275, 300])} lbs.`], ["Adjustments", "Seat height, tilt tension, armrests, lumbar"]],
        features: ["Breathable mesh back", "Adjustable lumbar support", "4D armrests", "Smooth-rolling casters", "Tilt lock"],
      };
    },
  },
  {
    urlKey: "bookcases", name: "Bookcases", code: "BC", noun: "bookcase", kind: "storage", style: 3,
    family: "furniture", weight: 1, brands: "office", price: [129, 799], colors: WOOD_COLORS,
    dims: { h: [60, 84], w: [28, 40], d: [11, 15], lbs: [40, 110] }, addOns: ["furniture-plan", "assembly"],
    build(r) {
      const shelves = r.pick([3, 4, 5]);
      return {
        title: `${r.pick(COLLECTIONS)} ${shelves}-Shelf ${r.pick(["Bookcase", "Ladder Bookcase", "Bookcase with Doors"])}`,
        attrs: [["material", r.pick(["solid-wood", "engineered-wood", "metal"])], ["special_features", "storage"]],
        specs: [["Shelves", String(shelves)], ["Shelf Capacity", "40 lbs. each"]],
        features: ["Adjustable shelves", "Anti-tip wall anchor", "Solid back panel"],
      };
    },
  },
];

function tvLeaves(): LeafDef[] {
  const tv = (urlKey: string, name: string, code: string, tech: string, sizes: string[], price: Range, weight: number): LeafDef => ({
    urlKey, name, code, noun: "TV", kind: "tv", style: 0, family: "electronics", weight, brands: "tv", price, colors: SCREEN_COLORS,
    configurable: { by: "size", chance: 0.3 },
    dims: { h: [18, 50], w: [28, 85], d: [2, 14], lbs: [10, 110] }, addOns: ["electronics-plan", "tv-mount", "tv-cable", "surge"],
    build(r) {
      const year = r.pick([2025, 2026]);
      const series = `${r.pick(["A", "C", "G", "Q", "U", "X"])}${r.int(5, 9)}`;
      const res = tech === "LED" && r.chance(0.3) ? "full-hd" : r.chance(0.05) && tech !== "LED" ? "8k" : "4k";
      const resLabel = { "full-hd": "1080p Full HD", "4k": "4K UHD", "8k": "8K" }[res];
      const base = `${series} Series Class ${tech} ${resLabel} Smart TV (${year})`;
      const offered = r.chance(0.5) ? sizes.slice(-4) : sizes.slice(0, 4);
      // bigger screens sit higher in the price range; children are priced relative to the smallest offered
      const hintOf = (s: string): number => sizes.indexOf(s) / (sizes.length - 1);
      const priceAt = (h: number): number => price[0] + (price[1] - price[0]) * h;
      const variants: SizeVariant[] = offered.map((s) => ({
        attribute: "screen_size", value: s, title: `${s} in. ${base}`, priceHint: hintOf(s),
        priceFactor: priceAt(hintOf(s)) / priceAt(hintOf(offered[0])), width: Math.round(Number(s) * 0.87),
      }));
      const pick = r.pick(variants);
      return {
        title: pick.title, parentTitle: base, sizes: variants, width: pick.width, priceHint: pick.priceHint,
        attrs: [["screen_size", pick.value], ["resolution", res], ["smart_enabled", "1"], ["connectivity", "hdmi-earc"], ["connectivity", "wi-fi"],
          ...(tech !== "LED" ? [["special_features", "hdmi-2-1"] as [string, string]] : [])],
        specs: [["Panel Type", tech], ["Refresh Rate", `${tech === "LED" ? 60 : r.pick([120, 144])} Hz`], ["HDR", "HDR10, HLG, Dolby Vision"], ["HDMI Ports", String(r.int(3, 4))]],
        features: ["Built-in streaming apps and voice control", "Game mode with variable refresh rate", "Filmmaker mode", "Dolby Atmos audio passthrough",
          "Slim bezel-less design", "Adaptive brightness", "Works with smart-home assistants"],
      };
    },
  });
  return [
    tv("oled-tvs", "OLED TVs", "OL", "OLED", ["48", "55", "65", "77", "83"], [1199, 3999], 4),
    tv("qled-tvs", "QLED TVs", "QL", "QLED", ["43", "50", "55", "65", "75", "85", "98"], [499, 2999], 5),
    tv("led-tvs", "LED TVs", "LE", "LED", ["32", "43", "50", "55", "65", "75"], [179, 999], 4),
  ];
}

export const LEAF_BY_KEY: ReadonlyMap<string, LeafDef> = new Map(LEAVES.map((l) => [l.urlKey, l]));

// ---------------------------------------------------------------------------------------------
// Bundles (packages built from other products)
// ---------------------------------------------------------------------------------------------

export interface BundleDef {
  urlKey: string;
  name: string;
  kind: ImageKind;
  style: number;
  weight: number;
  /** the bundle's name after the brand */
  label: string;
  /** `from` lists leaf categories to pick components from; `group` narrows add-on leaves to one kind of kit */
  options: readonly { title: string; from: readonly string[]; group?: AddOnGroup; required: boolean; qty: number }[];
}

export const BUNDLES: readonly BundleDef[] = [
  {
    urlKey: "laundry-pairs", name: "Laundry Pairs", kind: "washer", style: 0, weight: 3, label: "Washer & Dryer Laundry Pair",
    options: [
      { title: "Washer", from: ["front-load-washers", "top-load-washers"], required: true, qty: 1 },
      { title: "Dryer", from: ["electric-dryers", "gas-dryers"], required: true, qty: 1 },
      { title: "Installation Kit", from: ["installation-kits"], group: "washer-install", required: false, qty: 1 },
    ],
  },
  {
    urlKey: "kitchen-packages", name: "Kitchen Packages", kind: "refrigerator", style: 0, weight: 3, label: "4-Piece Kitchen Package",
    options: [
      { title: "Refrigerator", from: ["french-door-refrigerators", "side-by-side-refrigerators"], required: true, qty: 1 },
      { title: "Range", from: ["gas-ranges", "electric-ranges", "induction-ranges"], required: true, qty: 1 },
      { title: "Dishwasher", from: ["built-in-dishwashers"], required: true, qty: 1 },
      { title: "Microwave", from: ["over-the-range-microwaves"], required: false, qty: 1 },
    ],
  },
  {
    urlKey: "tv-sound-bundles", name: "TV & Sound Bundles", kind: "tv", style: 0, weight: 2, label: "Home Theater Bundle",
    options: [
      { title: "TV", from: ["oled-tvs", "qled-tvs"], required: true, qty: 1 },
      { title: "Soundbar", from: ["soundbars"], required: true, qty: 1 },
      { title: "Wall Mount", from: ["tv-mounts"], required: false, qty: 1 },
    ],
  },
  {
    urlKey: "bedroom-sets", name: "Bedroom Sets", kind: "bed", style: 0, weight: 2, label: "4-Piece Bedroom Set",
    options: [
      { title: "Bed", from: ["beds"], required: true, qty: 1 },
      { title: "Dresser", from: ["dressers"], required: true, qty: 1 },
      { title: "Nightstands", from: ["nightstands"], required: true, qty: 2 },
      { title: "Mattress", from: ["mattresses"], required: false, qty: 1 },
    ],
  },
  {
    urlKey: "dining-sets", name: "Dining Sets", kind: "table", style: 0, weight: 2, label: "7-Piece Dining Set",
    options: [
      { title: "Table", from: ["dining-tables"], required: true, qty: 1 },
      { title: "Chairs", from: ["dining-chairs"], required: true, qty: 3 },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Add-on products (cross-sells): protection plans, kits, services, accessories
// ---------------------------------------------------------------------------------------------

export type AddOnGroup =
  | "appliance-plan" | "electronics-plan" | "furniture-plan" | "haul-away" | "installation" | "otr-install" | "assembly"
  | "fridge-filter" | "fridge-install" | "range-gas-install" | "range-electric-install" | "dishwasher-install" | "washer-install"
  | "dryer-electric-install" | "dryer-gas-install" | "tv-mount" | "tv-cable" | "surge" | "computer-accessory" | "fabric-care" | "mattress-protector";

export interface AddOnDef {
  name: string;
  brand: string;
  leaf: string;
  group: AddOnGroup;
  price: number;
  /** protection plans cover products within a price band (dollars) */
  covers?: readonly [number, number];
  kind: ImageKind;
  style: number;
  color: ColorKey;
  preSelected?: boolean;
  /** a service or plan: no stock, no shipping weight */
  virtual?: boolean;
  description: string;
}

const plan = (name: string, group: AddOnGroup, leaf: string, price: number, covers: readonly [number, number], description: string): AddOnDef => ({
  name, brand: "ShieldCare", leaf, group, price, covers, kind: "plan", style: 0, color: "blue", virtual: true, description,
});

const APPLIANCE_PLAN_TEXT = "Covers mechanical and electrical failures from normal use, including parts, labor and in-home service. Food-loss coverage up to $250 on refrigeration.";
const ELECTRONICS_PLAN_TEXT = "Covers failures from normal use, power surges and dead pixels, with free shipping both ways or in-home service for screens 50 in. and larger.";
const FURNITURE_PLAN_TEXT = "Covers accidental stains, rips, burns and structural failures for the life of the plan. Cleaning or repair by a technician, or replacement if it cannot be fixed.";

export const ADD_ONS: readonly AddOnDef[] = [
  plan("ShieldCare 3-Year Appliance Protection Plan (Under $500)", "appliance-plan", "appliance-protection-plans", 79.99, [0, 499.99], APPLIANCE_PLAN_TEXT),
  plan("ShieldCare 3-Year Appliance Protection Plan ($500 - $999)", "appliance-plan", "appliance-protection-plans", 129.99, [500, 999.99], APPLIANCE_PLAN_TEXT),
  plan("ShieldCare 3-Year Appliance Protection Plan ($1,000 - $1,999)", "appliance-plan", "appliance-protection-plans", 199.99, [1000, 1999.99], APPLIANCE_PLAN_TEXT),
  plan("ShieldCare 3-Year Appliance Protection Plan ($2,000 - $4,999)", "appliance-plan", "appliance-protection-plans", 299.99, [2000, 4999.99], APPLIANCE_PLAN_TEXT),
  plan("ShieldCare 5-Year Appliance Protection Plan ($1,000 - $1,999)", "appliance-plan", "appliance-protection-plans", 279.99, [1000, 1999.99], APPLIANCE_PLAN_TEXT),
  plan("ShieldCare 5-Year Appliance Protection Plan ($2,000 - $4,999)", "appliance-plan", "appliance-protection-plans", 399.99, [2000, 4999.99], APPLIANCE_PLAN_TEXT),
  plan("ShieldCare 2-Year Electronics Protection Plan (Under $500)", "electronics-plan", "electronics-protection-plans", 49.99, [0, 499.99], ELECTRONICS_PLAN_TEXT),
  plan("ShieldCare 2-Year Electronics Protection Plan ($500 - $999)", "electronics-plan", "electronics-protection-plans", 89.99, [500, 999.99], ELECTRONICS_PLAN_TEXT),
  plan("ShieldCare 2-Year Electronics Protection Plan ($1,000 - $2,499)", "electronics-plan", "electronics-protection-plans", 149.99, [1000, 2499.99], ELECTRONICS_PLAN_TEXT),
  plan("ShieldCare 4-Year Electronics Protection Plan ($1,000 - $2,499)", "electronics-plan", "electronics-protection-plans", 219.99, [1000, 2499.99], ELECTRONICS_PLAN_TEXT),
  plan("ShieldCare 3-Year Electronics Protection Plan ($2,500 - $4,999)", "electronics-plan", "electronics-protection-plans", 249.99, [2500, 4999.99], ELECTRONICS_PLAN_TEXT),
  plan("ShieldCare 5-Year Furniture Protection Plan (Under $1,000)", "furniture-plan", "furniture-protection-plans", 99.99, [0, 999.99], FURNITURE_PLAN_TEXT),
  plan("ShieldCare 5-Year Furniture Protection Plan ($1,000 - $2,499)", "furniture-plan", "furniture-protection-plans", 149.99, [1000, 2499.99], FURNITURE_PLAN_TEXT),
  plan("ShieldCare 5-Year Furniture Protection Plan ($2,500 - $7,499)", "furniture-plan", "furniture-protection-plans", 199.99, [2500, 7499.99], FURNITURE_PLAN_TEXT),
  {
    name: "PureFlow PF-1 Refrigerator Water Filter", brand: "PureFlow", leaf: "water-filters", group: "fridge-filter", price: 49.99, kind: "accessory", style: 0, color: "white",
    description: "Certified to reduce lead, chlorine taste and odor, and more than 60 contaminants. Replace every six months or 200 gallons.",
  },
  {
    name: "PureFlow PF-1 Refrigerator Water Filter (3-Pack)", brand: "PureFlow", leaf: "water-filters", group: "fridge-filter", price: 119.99, kind: "accessory", style: 0, color: "white",
    description: "A year and a half of filtered water and ice. Twist-in design replaces in seconds with no tools.",
  },
  {
    name: "PureFlow PF-3 Inline Water Filter", brand: "PureFlow", leaf: "water-filters", group: "fridge-filter", price: 39.99, kind: "accessory", style: 0, color: "blue",
    description: "Inline filter for refrigerators and ice makers without a built-in filter. Quick-connect fittings included.",
  },
  {
    name: "InstallPro Refrigerator Water Line Kit, 10 ft.", brand: "InstallPro", leaf: "installation-kits", group: "fridge-install", price: 24.99, kind: "accessory", style: 2, color: "silver",
    preSelected: true, description: "Braided stainless steel water line with 1/4 in. compression fittings for ice makers and water dispensers.",
  },
  {
    name: "InstallPro Dishwasher Installation Kit with 6 ft. Braided Supply Line", brand: "InstallPro", leaf: "installation-kits", group: "dishwasher-install", price: 34.99,
    kind: "accessory", style: 1, color: "silver", preSelected: true, description: "Everything needed to connect a new dishwasher: supply line, 90-degree elbow, power cord and strain relief.",
  },
  {
    name: "InstallPro Gas Range Connector Kit, 48 in.", brand: "InstallPro", leaf: "installation-kits", group: "range-gas-install", price: 39.99, kind: "accessory", style: 2, color: "silver",
    preSelected: true, description: "Coated stainless steel gas connector with fittings and thread sealant, sized for ranges and cooktops.",
  },
  {
    name: "InstallPro 4-Prong Range Power Cord, 6 ft.", brand: "InstallPro", leaf: "installation-kits", group: "range-electric-install", price: 29.99, kind: "accessory", style: 2, color: "black",
    preSelected: true, description: "40 amp, 4-wire range cord. Most electric ranges ship without a cord.",
  },
  {
    name: "InstallPro 4-Prong Dryer Power Cord, 6 ft.", brand: "InstallPro", leaf: "installation-kits", group: "dryer-electric-install", price: 24.99, kind: "accessory", style: 2, color: "black",
    preSelected: true, description: "30 amp, 4-wire dryer cord required for installation of most electric dryers.",
  },
  {
    name: "InstallPro Dryer Vent Kit, 8 ft.", brand: "InstallPro", leaf: "installation-kits", group: "dryer-electric-install", price: 19.99, kind: "accessory", style: 2, color: "silver",
    description: "Semi-rigid aluminum duct with two clamps. Improves airflow and dry times over foil duct.",
  },
  {
    name: "InstallPro Gas Dryer Connector Kit", brand: "InstallPro", leaf: "installation-kits", group: "dryer-gas-install", price: 34.99, kind: "accessory", style: 2, color: "silver",
    preSelected: true, description: "Gas connector, fittings and vent duct for a gas dryer installation.",
  },
  {
    name: "InstallPro Stainless Steel Washer Hoses (2-Pack)", brand: "InstallPro", leaf: "installation-kits", group: "washer-install", price: 24.99, kind: "accessory", style: 2, color: "silver",
    preSelected: true, description: "Burst-resistant braided hoses, hot and cold, 5 ft. Replace rubber hoses every five years.",
  },
  {
    name: "InstallPro Stacking Kit for Front Load Washer and Dryer", brand: "InstallPro", leaf: "installation-kits", group: "washer-install", price: 49.99, kind: "accessory", style: 1, color: "white",
    description: "Secures a matching dryer on top of a front load washer to save floor space.",
  },
  {
    name: "Haul Away and Recycling of Your Old Appliance", brand: "InstallPro", leaf: "installation-services", group: "haul-away", price: 29.99, kind: "plan", style: 0, color: "sage",
    virtual: true, description: "Our delivery team disconnects and removes your old appliance or mattress and takes it to a certified recycler.",
  },
  {
    name: "Professional Appliance Installation", brand: "InstallPro", leaf: "installation-services", group: "installation", price: 149.99, kind: "plan", style: 0, color: "navy",
    virtual: true, description: "Licensed installers connect, level and test your new appliance. Parts kits sold separately.",
  },
  {
    name: "Over-the-Range Microwave Installation", brand: "InstallPro", leaf: "installation-services", group: "otr-install", price: 129.99, kind: "plan", style: 0, color: "navy",
    virtual: true, description: "Mounting to the wall and cabinet, venting connection and haul-away of packaging.",
  },
  {
    name: "Furniture Assembly and Room-of-Choice Placement", brand: "InstallPro", leaf: "installation-services", group: "assembly", price: 79.99, kind: "plan", style: 0, color: "oak",
    virtual: true, description: "We carry it in, assemble it in the room you choose and take the packaging away.",
  },
  {
    name: "Connectix Full-Motion TV Wall Mount for 42 - 85 in. TVs", brand: "Connectix", leaf: "tv-mounts", group: "tv-mount", price: 149.99, kind: "accessory", style: 3, color: "black",
    description: "Extends 20 in., tilts and swivels. Holds up to 125 lbs. Hardware for wood studs included.",
  },
  {
    name: "Connectix Low-Profile Fixed TV Wall Mount for 32 - 75 in. TVs", brand: "Connectix", leaf: "tv-mounts", group: "tv-mount", price: 59.99, kind: "accessory", style: 3, color: "black",
    description: "Holds the TV 1.2 in. from the wall. Post-installation leveling.",
  },
  {
    name: "TV Wall Mounting Service", brand: "InstallPro", leaf: "installation-services", group: "tv-mount", price: 199.99, kind: "plan", style: 0, color: "navy",
    virtual: true, description: "Mounting on drywall over wood studs with in-wall cable concealment for one TV up to 85 in.",
  },
  {
    name: "Connectix Ultra High Speed HDMI 2.1 Cable, 6 ft.", brand: "Connectix", leaf: "cables-surge-protection", group: "tv-cable", price: 29.99, kind: "accessory", style: 2, color: "black",
    description: "Certified for 4K/120 and 8K/60 with eARC support.",
  },
  {
    name: "Connectix 8-Outlet Surge Protector with USB-C", brand: "Connectix", leaf: "cables-surge-protection", group: "surge", price: 49.99, kind: "accessory", style: 1, color: "white",
    description: "3,600 joule rating, two USB-C ports and a 6 ft. flat plug cord.",
  },
  {
    name: "Connectix Laptop Sleeve and Wireless Mouse Kit", brand: "Connectix", leaf: "computer-accessories", group: "computer-accessory", price: 39.99, kind: "accessory", style: 1, color: "gray",
    description: "Padded sleeve for laptops up to 16 in. plus a quiet-click wireless mouse.",
  },
  {
    name: "Connectix USB-C Docking Station", brand: "Connectix", leaf: "computer-accessories", group: "computer-accessory", price: 129.99, kind: "accessory", style: 1, color: "spaceGray",
    description: "Dual 4K display outputs, Ethernet, SD card reader and 100 W pass-through charging.",
  },
  {
    name: "ShieldCare Fabric Protection Treatment", brand: "ShieldCare", leaf: "fabric-leather-care", group: "fabric-care", price: 69.99, kind: "plan", style: 0, color: "sage",
    virtual: true, description: "Factory-applied treatment that repels spills so they bead up and wipe away.",
  },
  {
    name: "ShieldCare Leather Care Kit", brand: "ShieldCare", leaf: "fabric-leather-care", group: "fabric-care", price: 34.99, kind: "accessory", style: 1, color: "brown",
    description: "Cleaner, conditioner and applicator cloths for finished leather.",
  },
  {
    name: "ShieldCare Waterproof Mattress Protector", brand: "ShieldCare", leaf: "mattress-protectors", group: "mattress-protector", price: 79.99, kind: "accessory", style: 1, color: "white",
    description: "Breathable, quiet waterproof barrier that keeps your mattress warranty valid. Fits mattresses up to 16 in. deep.",
  },
];

// ---------------------------------------------------------------------------------------------
// Category tree above the leaves
// ---------------------------------------------------------------------------------------------

export interface BranchDef {
  name: string;
  urlKey: string;
  includeInMenu?: boolean;
  /** leaf url keys (leaves, bundle categories and add-on categories) or extra leaf names */
  leaves: readonly (string | { urlKey: string; name: string; includeInMenu?: boolean })[];
  blurb: string;
}

export interface TopDef {
  name: string;
  urlKey: string;
  displayMode: "PRODUCTS" | "PAGE" | "PRODUCTS_AND_PAGE";
  includeInMenu: boolean;
  kind: ImageKind;
  color: ColorKey;
  blurb: string;
  branches: readonly BranchDef[];
}

export const CATEGORY_TREE: readonly TopDef[] = [
  {
    name: "Appliances", urlKey: "appliances", displayMode: "PAGE", includeInMenu: true, kind: "refrigerator", color: "stainless",
    blurb: "Refrigerators, ranges, dishwashers and laundry from the brands you trust, with delivery, installation and haul-away available.",
    branches: [
      { name: "Refrigerators", urlKey: "refrigerators", leaves: ["french-door-refrigerators", "side-by-side-refrigerators", "top-freezer-refrigerators", "bottom-freezer-refrigerators", "compact-refrigerators"],
        blurb: "Find the right fit for your kitchen: french door, side-by-side, top and bottom freezer and compact refrigerators." },
      { name: "Freezers", urlKey: "freezers", leaves: ["chest-freezers", "upright-freezers"], blurb: "Extra cold storage for the garage, basement or pantry." },
      { name: "Ranges & Cooking", urlKey: "ranges-cooking", leaves: ["gas-ranges", "electric-ranges", "induction-ranges", "wall-ovens", "cooktops", "range-hoods"],
        blurb: "Gas, electric and induction ranges, wall ovens, cooktops and ventilation." },
      { name: "Dishwashers", urlKey: "dishwashers", leaves: ["built-in-dishwashers", "portable-dishwashers"], blurb: "Quiet, efficient dishwashers with third racks, sanitize cycles and more." },
      { name: "Laundry", urlKey: "laundry", leaves: ["front-load-washers", "top-load-washers", "electric-dryers", "gas-dryers"], blurb: "Washers and dryers that handle big loads and tough stains." },
      { name: "Microwaves", urlKey: "microwaves", leaves: ["over-the-range-microwaves", "countertop-microwaves", "built-in-microwaves"], blurb: "Over-the-range, countertop and built-in microwaves." },
      { name: "Appliance Packages", urlKey: "appliance-packages", leaves: ["laundry-pairs", "kitchen-packages"], blurb: "Save when you buy matching appliances together." },
    ],
  },
  {
    name: "Electronics", urlKey: "electronics", displayMode: "PRODUCTS_AND_PAGE", includeInMenu: true, kind: "tv", color: "black",
    blurb: "TVs, home audio and computers, with expert setup and protection plans.",
    branches: [
      { name: "TVs & Projectors", urlKey: "tvs-projectors", leaves: ["oled-tvs", "qled-tvs", "led-tvs", "projectors", "tv-sound-bundles"], blurb: "OLED, QLED and LED TVs from 32 to 98 inches, plus projectors." },
      { name: "Audio", urlKey: "audio", leaves: ["soundbars", "bookshelf-speakers", "wireless-speakers", "headphones", "av-receivers"], blurb: "Soundbars, speakers, headphones and receivers." },
      { name: "Computers & Tablets", urlKey: "computers-tablets", leaves: ["laptops", "desktops", "monitors", "tablets"], blurb: "Laptops, desktops, monitors and tablets for work and play." },
    ],
  },
  {
    name: "Furniture", urlKey: "furniture", displayMode: "PAGE", includeInMenu: true, kind: "sofa", color: "gray",
    blurb: "Sofas, bedroom and dining furniture built to last, with white-glove delivery.",
    branches: [
      { name: "Living Room", urlKey: "living-room", leaves: ["sofas", "sectionals", "recliners", "coffee-tables", "tv-stands"], blurb: "Sofas, sectionals, recliners and tables for the heart of the home." },
      { name: "Bedroom", urlKey: "bedroom", leaves: ["beds", "mattresses", "dressers", "nightstands", "bedroom-sets"], blurb: "Beds, mattresses and storage for a better night's sleep." },
      { name: "Dining", urlKey: "dining", leaves: ["dining-tables", "dining-chairs", "bar-stools", "dining-sets"], blurb: "Tables, chairs and stools for every gathering." },
      { name: "Home Office", urlKey: "home-office", leaves: ["desks", "office-chairs", "bookcases"], blurb: "Desks, chairs and storage for a productive workspace." },
    ],
  },
  {
    name: "Accessories", urlKey: "accessories", displayMode: "PRODUCTS", includeInMenu: true, kind: "accessory", color: "silver",
    blurb: "Filters, installation kits, mounts, cables and protection plans for everything you buy.",
    branches: [
      { name: "Appliance Accessories", urlKey: "appliance-accessories", leaves: [{ urlKey: "water-filters", name: "Water Filters" }, { urlKey: "installation-kits", name: "Installation Kits" },
        { urlKey: "installation-services", name: "Delivery & Installation Services" }], blurb: "Filters, hoses, cords and professional installation." },
      { name: "Electronics Accessories", urlKey: "electronics-accessories", leaves: [{ urlKey: "tv-mounts", name: "TV Mounts" }, { urlKey: "cables-surge-protection", name: "Cables & Surge Protection" },
        { urlKey: "computer-accessories", name: "Computer Accessories" }], blurb: "Mounts, cables, surge protection and computer accessories." },
      { name: "Protection Plans", urlKey: "protection-plans", leaves: [{ urlKey: "appliance-protection-plans", name: "Appliance Protection Plans" },
        { urlKey: "electronics-protection-plans", name: "Electronics Protection Plans" }, { urlKey: "furniture-protection-plans", name: "Furniture Protection Plans" }],
        blurb: "Extended protection beyond the manufacturer's warranty." },
      { name: "Home Care", urlKey: "home-care", leaves: [{ urlKey: "fabric-leather-care", name: "Fabric & Leather Care" }, { urlKey: "mattress-protectors", name: "Mattress Protectors" }],
        blurb: "Keep furniture and mattresses looking new." },
    ],
  },
  {
    name: "Outlet", urlKey: "outlet", displayMode: "PRODUCTS", includeInMenu: false, kind: "generic", color: "red",
    blurb: "Clearance prices on discontinued models and last year's favorites, while quantities last.",
    branches: [
      { name: "Clearance", urlKey: "clearance", leaves: [{ urlKey: "clearance-appliances", name: "Clearance Appliances" }, { urlKey: "clearance-electronics", name: "Clearance Electronics" },
        { urlKey: "clearance-furniture", name: "Clearance Furniture" }], blurb: "Deep discounts on in-stock clearance items." },
    ],
  },
];

/** The level-4 clearance category a discounted product also appears in, by family. */
export const CLEARANCE_LEAF: Readonly<Record<Family, string>> = {
  appliances: "clearance-appliances",
  electronics: "clearance-electronics",
  furniture: "clearance-furniture",
};

/**
 * Region options for address forms (GET /cart/region): US states, DC and territories with a ZIP
 * code, and Canadian provinces and territories. region_id is stable: addresses store it.
 */
export interface Region {
  region_id: string;
  country_id: "US" | "CA";
  code: string;
  name: string;
}

const US: [string, string][] = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AS", "American Samoa"], ["AZ", "Arizona"], ["AR", "Arkansas"],
  ["AA", "Armed Forces Americas"], ["AE", "Armed Forces Europe"], ["AP", "Armed Forces Pacific"],
  ["CA", "California"], ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"],
  ["FL", "Florida"], ["GA", "Georgia"], ["GU", "Guam"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"],
  ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"],
  ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"],
  ["MO", "Missouri"], ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"],
  ["NJ", "New Jersey"], ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"],
  ["MP", "Northern Mariana Islands"], ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"],
  ["PR", "Puerto Rico"], ["RI", "Rhode Island"], ["SC", "South Carolina"], ["SD", "South Dakota"], ["TN", "Tennessee"],
  ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"], ["VI", "Virgin Islands"], ["VA", "Virginia"],
  ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
];

const CA: [string, string][] = [
  ["AB", "Alberta"], ["BC", "British Columbia"], ["MB", "Manitoba"], ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"], ["NT", "Northwest Territories"], ["NS", "Nova Scotia"], ["NU", "Nunavut"],
  ["ON", "Ontario"], ["PE", "Prince Edward Island"], ["QC", "Quebec"], ["SK", "Saskatchewan"], ["YT", "Yukon"],
];

export const REGIONS: readonly Region[] = [
  ...US.map(([code, name], i) => ({ region_id: String(1 + i), country_id: "US" as const, code, name })),
  ...CA.map(([code, name], i) => ({ region_id: String(101 + i), country_id: "CA" as const, code, name })),
];

/** Countries whose addresses must name one of REGIONS (and follow the North American postcode rule). */
export const REGION_COUNTRIES = new Set(["US", "CA"]);

/** The region an address names, by region_id, else by code or name within its country. */
export function findRegion(countryId: string, regionId?: string, region?: string): Region | undefined {
  const inCountry = REGIONS.filter((r) => r.country_id === countryId);
  if (regionId) return inCountry.find((r) => r.region_id === regionId);
  const wanted = region?.trim().toUpperCase();
  if (!wanted) return undefined;
  return inCountry.find((r) => r.code === wanted || r.name.toUpperCase() === wanted);
}

export interface Judgement {
  query: string;
  /** plain | synonym | typo | size | brand | accessory */
  type: string;
  /** url keys of the categories whose products are relevant */
  categories: string[];
  /** optional pattern (case-insensitive) a relevant product's name matches */
  name?: string;
}
export interface QueryScore {
  query: string;
  type: string;
  precision: number;
  relevant: number;
  top: Array<{ id: string; name: string; relevant: boolean }>;
}
export const RESULTS: number;
export function measureRelevance(
  get: (path: string) => Promise<any>,
  judgements: Judgement[],
  options?: { results?: number },
): Promise<{ mean: number; worst: number; queries: QueryScore[] }>;

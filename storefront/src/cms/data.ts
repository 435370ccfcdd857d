import { cache } from "react";
import type { CmsPage } from "@store/contract";
import { ApiError, apiGetShared, pathParam } from "@/lib/api";

/** Longest identifier the api accepts (contract identifierParam). */
export const MAX_IDENTIFIER_LENGTH = 200;

/**
 * A CMS page by identifier, or null when there is no such page (the api answers 404).
 * Any other failure (api down, 5xx) is thrown, so the error page shows rather than a false 404.
 */
export const getCmsPage = cache(async (identifier: string): Promise<CmsPage | null> => {
  if (!identifier || identifier.length > MAX_IDENTIFIER_LENGTH) return null;
  try {
    return await apiGetShared<CmsPage>(`/pages/${pathParam(identifier)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
});

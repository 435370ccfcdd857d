"use client";

import { useEffect } from "react";
type LogQueryResponse = { history_id: string };
import { clientPut } from "@/lib/client-api";
import { useAppDispatch } from "@/lib/store";
import { setSearchHistoryId, setSearchTerm } from "./state";

const logged = new Set<string>();

/**
 * Records a rendered search (PUT /elasticsearch/log/query with query and result_size; the shared
 * client adds the session's CSRF header) and keeps the returned history id. Once per term and
 * result size per page load; a failure is ignored.
 */
export default function SearchLogger({ query, resultSize }: { query: string; resultSize: number }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setSearchTerm(query));
    const key = `${query}\u0000${resultSize}`;
    if (logged.has(key)) return;
    logged.add(key);
    clientPut<LogQueryResponse>("/elasticsearch/log/query", { query, result_size: resultSize })
      .then((answer) => dispatch(setSearchHistoryId(answer.history_id)))
      .catch(() => logged.delete(key));
  }, [dispatch, query, resultSize]);
  return null;
}

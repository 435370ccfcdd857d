"use client";

import { useEffect } from "react";
import { useAppDispatch } from "@/lib/store";
import { productFetchFailed } from "./state";

/** The product fetch error as the shopper reads it; the id goes on the client state's not-found list. */
export default function ProductFetchFailed({ productId, message, className }: { productId: string; message: string; className?: string }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(productFetchFailed({ productId, message }));
  }, [dispatch, productId, message]);
  return <p className={className} role="alert">{message}</p>;
}

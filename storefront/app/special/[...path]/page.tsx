import type { Metadata } from "next";
import SpecialRoute, { specialMetadata, specialTarget } from "@/catalog/SpecialRoute";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ path: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return specialMetadata(specialTarget((await params).path), await searchParams);
}

/** /special/.../{attribute}/{value}: the special catalogue of an attribute value. */
export default async function SpecialPage({ params, searchParams }: Props) {
  return <SpecialRoute target={specialTarget((await params).path)} searchParams={await searchParams} />;
}

import type { ReactNode } from "react";
import { guardSpecial } from "@/catalog/guards";
import { specialTarget } from "@/catalog/SpecialRoute";
import { notFound } from "next/navigation";

/** Before the page renders: an unknown special catalogue answers 404. */
export default async function SpecialLayout({ children, params }: { children: ReactNode; params: Promise<{ path: string[] }> }) {
  const target = specialTarget((await params).path);
  if (!target) notFound();
  await guardSpecial(target.attribute, target.value, false);
  return children;
}

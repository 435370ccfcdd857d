import type { Metadata } from "next";
import { ProductRoute, productMetadata, type ProductRouteProps } from "@/product/route";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ language: string; urlKey: string }>; searchParams: ProductRouteProps["searchParams"] };

export function generateMetadata(props: Props): Promise<Metadata> {
  return productMetadata(props);
}

/**
 * /{language}/product/{url_key}: the product page in one of the supported locales (en, fr,
 * en-US, en-CA, fr-CA); any other first segment is a 404.
 */
export default function Page(props: Props) {
  return <ProductRoute {...props} />;
}

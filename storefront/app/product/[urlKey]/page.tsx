import type { Metadata } from "next";
import { ProductRoute, productMetadata, type ProductRouteProps } from "@/product/route";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ urlKey: string }>; searchParams: ProductRouteProps["searchParams"] };

export function generateMetadata(props: Props): Promise<Metadata> {
  return productMetadata(props);
}

/** /product/{url_key}: the product page; an unknown product is a 404, an api failure the page with its error text. */
export default function Page(props: Props) {
  return <ProductRoute {...props} />;
}
